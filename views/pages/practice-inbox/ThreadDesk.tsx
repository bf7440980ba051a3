// The practice inbox's intake desk under an open thread (issue [22] item 2): the saved-reply picker (a GET
// form: "Use reply" shows the thread again with the reply, merged, in the composer) and the conversation's
// internal notes, each marked as never sent to the client, with the form that adds one. No JavaScript needed.
import { SelectField } from '../../components/form/SelectField';
import { TextAreaField } from '../../components/form/TextAreaField';
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { Label } from '../../components/ui/Label';
import { Pager } from '../../components/ui/Pager';

export interface ThreadNoteView {
  id: number;
  author: string;
  when: string;
  body: string;
}

export interface ThreadDeskProps {
  /** The saved-reply picker; null when the conversation takes no reply (locked, inactive profile, client left). */
  replies: {
    /** The thread's path: the picker's GET form shows it again. */
    action: string;
    /** The list's state the thread carries (provider, unread, q, loads), as hidden fields. */
    carried: [string, string][];
    options: { value: string; label: string }[];
    chosen: string;
    /** The title of the reply just put in the composer. */
    used: string | null;
    manageHref: string;
  } | null;
  notes: {
    items: ThreadNoteView[];
    page: number;
    pageCount: number;
    total: number;
    pageHref: (page: number) => string;
    action: string;
    draft: string;
    error: string | null;
    label: string;
    maxLength: number;
  };
}

export function ThreadDesk({ replies, notes }: ThreadDeskProps) {
  return (
    <div className="thread-desk">
      {replies && (
        <section className="thread-desk__replies" aria-labelledby="saved-replies-heading">
          <h3 id="saved-replies-heading">Saved replies</h3>
          {replies.options.length === 0 ? (
            <p className="hint">
              Your account has no saved replies yet. <a href={replies.manageHref}>Add a saved reply</a>
            </p>
          ) : (
            <>
              {replies.used && (
                <p className="hint" role="status">
                  {`“${replies.used}” is in the reply box, with this conversation’s details filled in. Read it over and edit it before you send it.`}
                </p>
              )}
              <form method="get" action={replies.action} className="thread-desk__picker">
                {replies.carried.map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <SelectField
                  id="saved-reply"
                  name="reply"
                  label="Saved reply"
                  hint="It replaces what is in the reply box."
                  placeholder="Choose a saved reply"
                  value={replies.chosen}
                  options={replies.options}
                />
                <Button variant="secondary">Use reply</Button>
              </form>
              <p>
                <a href={replies.manageHref}>Manage saved replies</a>
              </p>
            </>
          )}
        </section>
      )}
      <section className="thread-desk__notes" aria-labelledby="internal-notes-heading">
        <h3 id="internal-notes-heading">Internal notes</h3>
        <p className="hint">Only your practice’s team sees these notes. They are never sent to the client.</p>
        <PostForm action={notes.action} noValidate>
          <TextAreaField
            name="note"
            id="note"
            label="Add an internal note"
            rows={3}
            maxLength={notes.maxLength}
            value={notes.draft}
            error={notes.error ?? undefined}
          />
          <div className="actions">
            <Button variant="secondary">Add note</Button>
          </div>
        </PostForm>
        {notes.total === 0 ? (
          <EmptyState title="No internal notes yet." />
        ) : (
          <>
            <ol className="notes-list" aria-label="Internal notes, newest first">
              {notes.items.map((note) => (
                <li key={note.id} id={`note-${note.id}`} className="note">
                  <Label state="attention">{notes.label}</Label>
                  <p className="note__meta">
                    <strong>{note.author}</strong> <span className="note__when">{note.when}</span>
                  </p>
                  <p className="note__body">{note.body}</p>
                </li>
              ))}
            </ol>
            <Pager page={notes.page} pageCount={notes.pageCount} href={notes.pageHref} label="Internal notes pages" />
          </>
        )}
      </section>
    </div>
  );
}
