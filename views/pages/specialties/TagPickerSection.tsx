// A profile section whose form is one or more tag checkbox lists (spec 2 §5 "Tag selections"). Long
// lists get a filter box: a GET form (works without JavaScript) that narrows the options shown; chosen
// options the filter hides stay chosen as hidden fields.
import { ProfileSection, ReadList } from '../../components/ProfileSection';
import { TagCheckboxes, type TagCheckboxesProps } from '../../components/TagCheckboxes';
import { Button } from '../../components/ui/Button';

export const NO_RESULTS = 'No results! Please search again...';

/** One checkbox list; `name` is the posted field name (the tag type, or top_specialties). */
export type PickerList = Omit<TagCheckboxesProps, 'hiddenSelected'>;

export function TagPickerSection({
  id,
  title,
  pagePath,
  action,
  editing,
  lists,
  filter,
  intro,
}: {
  id: string;
  title: string;
  pagePath: string;
  action: string;
  editing: boolean;
  lists: PickerList[];
  /** The filter text when the section has a filter box (null: no filter box). */
  filter: string | null;
  intro?: React.ReactNode;
}) {
  const needle = (filter ?? '').trim().toLowerCase();
  const shownOf = (list: PickerList) =>
    needle ? list.options.filter((o) => o.name.toLowerCase().includes(needle)) : list.options;
  const namesOf = (list: PickerList) => {
    const byId = new Map(list.options.map((o) => [o.id, o.name]));
    return list.selected
      .map((tagId) => byId.get(tagId))
      .filter(Boolean)
      .join(', ');
  };
  const filterBox = editing && filter !== null && (
    <form method="get" action={`${pagePath}#${id}`} className="search" role="search" aria-label={`${title} options`}>
      <input type="hidden" name="edit" value={id} />
      <label htmlFor={`${id}-filter`}>Filter {title.toLowerCase()}</label>
      <div className="search__row">
        <input id={`${id}-filter`} name="q" type="search" defaultValue={filter} />
        <Button variant="secondary">Filter</Button>
      </div>
      {needle && (
        <p className="hint">
          <a href={`${pagePath}?edit=${id}#${id}`}>Show all options</a>
        </p>
      )}
    </form>
  );
  return (
    <ProfileSection
      id={id}
      title={title}
      pagePath={pagePath}
      action={needle ? `${action}?q=${encodeURIComponent(filter!)}` : action}
      editing={editing}
      intro={
        <>
          {intro}
          {filterBox}
        </>
      }
      read={<ReadList rows={lists.map((list) => [list.legend, namesOf(list)])} />}
    >
      {lists.map((list) => {
        const shown = shownOf(list);
        const shownIds = new Set(shown.map((o) => o.id));
        return (
          <div key={list.name}>
            {needle && shown.length === 0 && (
              <p className="notice" role="status">
                {NO_RESULTS}
              </p>
            )}
            <TagCheckboxes
              name={list.name}
              legend={list.legend}
              hint={list.hint}
              options={shown}
              selected={list.selected}
              hiddenSelected={list.selected.filter((tagId) => !shownIds.has(tagId))}
              error={list.error}
            />
          </div>
        );
      })}
    </ProfileSection>
  );
}
