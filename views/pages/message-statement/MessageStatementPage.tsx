// /profile/message-statement (spec 2 §1, §5 "Text fields"): "Statement & Message" for individuals
// (professional statement, message to clients), "Practice Description" for practices (description and
// Q&A boxes). Each section is read view / edit form; texts show a live word count (islands/portal.ts),
// and a text under its minimum asks for confirmation: in the browser, or on this page without JS.
import { ProfileSection } from '../../components/ProfileSection';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/form/FieldError';
import { FormField } from '../../components/form/FormField';

export const PAGE_PATH = '/profile/message-statement';

export interface WordLimitsView {
  min: number;
  suggested: number;
  max: number;
}

export interface TextSectionView {
  kind: 'text';
  id: string;
  title: string;
  /** The form field (the spec's payload name). */
  name: string;
  hint: string;
  limits: WordLimitsView;
  /** The saved text (read view). */
  saved: string | null;
  savedWords: number;
  /** What the form shows: the saved text, or what was typed. */
  value: string;
  words: number;
  /** A notice above the section (the premium setup's statement being drafted). */
  notice?: string;
  /** The spec's "Please keep your ... under N words!" text, shown live when over. */
  tooManyText: string;
  shortText: string;
  confirmText: string;
}

export interface BoxView {
  title: string;
  text: string;
  words: number;
  remove?: boolean;
}
export interface BoxesSectionView {
  kind: 'boxes';
  id: string;
  title: string;
  hint: string;
  saved: BoxView[];
  /** The form's lines (saved boxes plus one empty line, or what was posted). */
  lines: BoxView[];
  answerLimits: WordLimitsView;
  answerTooManyText: string;
  /** The index of the empty line offered for a new question (none at the maximum). */
  newLine: number | null;
}

export type SectionView = TextSectionView | BoxesSectionView;

export function MessageStatementPage({
  sections,
  editing,
  errors = {},
  confirm,
}: {
  sections: SectionView[];
  /** The section whose form is open. */
  editing: string | null;
  errors?: Record<string, string>;
  /** The confirmation step of a short text (no JavaScript): the question to show. */
  confirm?: string;
}) {
  return (
    <div className="statement-page">
      {sections.map((section) =>
        section.kind === 'text' ? (
          <TextSection
            key={section.id}
            section={section}
            editing={editing === section.id}
            error={errors[section.name]}
            confirm={editing === section.id ? confirm : undefined}
          />
        ) : (
          <BoxesSection key={section.id} section={section} editing={editing === section.id} errors={errors} />
        ),
      )}
    </div>
  );
}

const limitsHint = (limits: WordLimitsView) =>
  limits.min > 0
    ? `Between ${limits.min} and ${limits.max} words (suggested: ${limits.suggested}).`
    : `Up to ${limits.max} words (suggested: ${limits.suggested}).`;

function TextSection({
  section,
  editing,
  error,
  confirm,
}: {
  section: TextSectionView;
  editing: boolean;
  error?: string;
  confirm?: string;
}) {
  const short = section.savedWords < section.limits.min;
  const read = (
    <div className="statement-read">
      {section.saved ? (
        section.saved.split(/\n{2,}/).map((paragraph, i) => <p key={i}>{paragraph}</p>)
      ) : (
        <p className="muted">Not provided</p>
      )}
      <p className="word-count">
        {section.savedWords} {section.savedWords === 1 ? 'word' : 'words'}
      </p>
      {short && <p className="field-warning">{section.shortText}</p>}
    </div>
  );
  return (
    <ProfileSection
      id={section.id}
      title={section.title}
      editing={editing}
      action={`${PAGE_PATH}/${section.id}`}
      pagePath={PAGE_PATH}
      read={read}
      intro={
        <>
          {section.notice && <p className="notice">{section.notice}</p>}
          <p className="hint">{section.hint}</p>
        </>
      }
    >
      <WordCountedText
        id={section.name}
        name={section.name}
        label={section.title}
        hint={limitsHint(section.limits)}
        value={section.value}
        words={section.words}
        limits={section.limits}
        tooManyText={section.tooManyText}
        shortText={section.shortText}
        confirmText={section.confirmText}
        error={error}
        rows={12}
      />
      {confirm && (
        <div className="confirm-step" role="alert">
          <p>{confirm}</p>
          {/* Posts confirmed=1 with the text; data-confirm="" so the browser does not ask a second time. */}
          <Button name="confirmed" value="1" data-confirm="">
            Save anyway
          </Button>
        </div>
      )}
    </ProfileSection>
  );
}

/** A textarea with its live word count and notes; the notes' hidden state is recomputed by the script as one types. */
function WordCountedText({
  id,
  name,
  label,
  hint,
  value,
  words,
  limits,
  tooManyText,
  shortText,
  confirmText,
  error,
  rows,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: string;
  words: number;
  limits: WordLimitsView;
  tooManyText: string;
  shortText?: string;
  confirmText?: string;
  error?: string;
  rows: number;
}) {
  const describedBy = [`${id}-hint`, `${id}-words`, error && `${id}-error`].filter(Boolean).join(' ');
  // The live "too many" note would repeat the server's message right under it: leave it out then.
  const showLiveLong = error !== tooManyText;
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      <FieldError id={id} error={error} />
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-word-count={`${id}-count`}
        data-word-min={limits.min}
        data-word-max={limits.max}
        {...(confirmText && limits.min > 0 ? { 'data-short-confirm': confirmText } : {})}
      />
      <p className="word-count" id={`${id}-words`}>
        <span id={`${id}-count`}>{words}</span> words
      </p>
      {shortText && limits.min > 0 && (
        <p className="field-warning" id={`${id}-short`} hidden={words >= limits.min}>
          {shortText}
        </p>
      )}
      {showLiveLong && (
        <p className="field-warning" id={`${id}-long`} hidden={words <= limits.max}>
          {tooManyText}
        </p>
      )}
    </div>
  );
}

function BoxesSection({
  section,
  editing,
  errors,
}: {
  section: BoxesSectionView;
  editing: boolean;
  errors: Record<string, string>;
}) {
  const read = section.saved.length ? (
    <dl className="qa-list">
      {section.saved.map((box, i) => (
        <div key={i}>
          <dt>{box.title}</dt>
          <dd>{box.text}</dd>
        </div>
      ))}
    </dl>
  ) : (
    <p className="muted">No questions yet.</p>
  );
  return (
    <ProfileSection
      id={section.id}
      title={section.title}
      editing={editing}
      action={`${PAGE_PATH}/${section.id}`}
      pagePath={PAGE_PATH}
      read={read}
      intro={<p className="hint">{section.hint}</p>}
    >
      <input type="hidden" name="box_count" value={section.lines.length} />
      {section.newLine !== null && <input type="hidden" name="box_new" value={section.newLine} />}
      {section.lines.map((line, i) => {
        const titleId = `boxes-${i}-title`;
        const textId = `boxes-${i}-text`;
        const isNew = i === section.newLine;
        return (
          <fieldset className="fieldset box-line" key={i}>
            <legend>{isNew ? 'New question' : `Question ${i + 1}`}</legend>
            <FormField
              name={titleId}
              label="Title"
              type="text"
              defaultValue={line.title}
              maxLength={300}
              error={errors[titleId]}
            />
            <WordCountedText
              id={textId}
              name={textId}
              label="Answer"
              hint={limitsHint(section.answerLimits)}
              value={line.text}
              words={line.words}
              limits={section.answerLimits}
              tooManyText={section.answerTooManyText}
              error={errors[textId]}
              rows={4}
            />
            {!isNew && (
              <div className="field field--check">
                <input
                  type="checkbox"
                  id={`boxes-${i}-remove`}
                  name={`boxes-${i}-remove`}
                  value="1"
                  defaultChecked={line.remove}
                />
                <label htmlFor={`boxes-${i}-remove`}>Remove this question</label>
              </div>
            )}
          </fieldset>
        );
      })}
    </ProfileSection>
  );
}
