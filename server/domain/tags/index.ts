// The tags module's public face: everything outside server/domain/tags/ imports from here.
export { CUSTOM_KINDS, type CustomEntry, customEntryStore, listEntries } from './custom-entries';
export { EXCLUDED_PROFESSIONS } from './professions';
export {
  addTaggings,
  applyTaggingEntries,
  type CarriedInsurance,
  carriedInsurances,
  degreeOptions,
  listTags,
  removeTaggings,
  replaceTaggings,
  selectedTagIds,
  setInsuranceSearch,
  setTopSpecialties,
  specialtyTaggings,
  tagCountsColumn,
  topSpecialtyCountColumn,
  type TagOption,
  withTagName,
} from './repo';
export { editableProfileId, filterText, saveSelections, taggingEntries } from './selection';
export {
  atLeast,
  atMost,
  postedIds,
  SELECTION_RULES,
  type SelectionRule,
  selectOneOrMore,
  tagSelection,
} from './validation';
