// The view models of the message-statement page, built from what the services load (routes stay thin).
import { countWords } from '../../text/word-count';
import type { BoxView, SectionView } from '../../../views/pages/message-statement/MessageStatementPage';
import { LIMITS, MAX_BOXES, MESSAGES, postedBoxes, sectionsFor, type Section } from './validation';
import type { StatementRecord } from '../../domain/providers';
import { text } from '../../lib/form';

const boxView = (box: { title: string; text: string; remove?: boolean }): BoxView => ({
  ...box,
  words: countWords(box.text),
});

export function sectionViews(
  record: StatementRecord,
  open: string | null,
  posted: Record<string, unknown> | null,
): SectionView[] {
  return sectionsFor(record.type).map((section: Section): SectionView => {
    const typed = posted && open === section.id ? posted : null;
    if (section.kind === 'text') {
      const saved = record[section.column];
      const value = typed ? text(typed[section.column]) : (saved ?? '');
      return {
        kind: 'text',
        id: section.id,
        title: section.title,
        name: section.column,
        hint: section.hint,
        limits: section.limits,
        saved,
        savedWords: countWords(saved),
        value,
        words: countWords(value),
        // Until the statement is written (under its minimum), a premium setup says when it will be.
        ...(record.premiumSetup && section.column === 'professional_statement' && countWords(saved) < section.limits.min
          ? { notice: MESSAGES.premiumSetup }
          : {}),
        tooManyText: MESSAGES.tooMany(section.field, section.limits),
        shortText: MESSAGES.short(section.field, section.limits),
        confirmText: MESSAGES.confirmShort(section.field, section.limits),
      };
    }
    let lines: BoxView[];
    let newLine: number | null;
    if (typed) {
      lines = postedBoxes(typed).map(boxView);
      const offered = Number.parseInt(text(typed.box_new), 10);
      newLine = offered === lines.length - 1 ? offered : null;
    } else {
      lines = record.boxes.map(boxView);
      newLine = lines.length < MAX_BOXES ? lines.length : null;
      if (newLine !== null) lines.push(boxView({ title: '', text: '' }));
    }
    return {
      kind: 'boxes',
      id: section.id,
      title: section.title,
      hint: section.hint,
      saved: record.boxes.map(boxView),
      lines,
      newLine,
      answerLimits: LIMITS.answer,
      answerTooManyText: MESSAGES.tooMany('answer', LIMITS.answer),
    };
  });
}
