// The answers of a cart entry's additional-fields form, both ways: stored answers (the
// submission shapes core's formSubmissionValues makes) back into the inputs the form edits, and
// into the short summary the cart shows under the entry.
import { LIKERT_LABELS } from '@tessera/core/format';
import type { FormChoice, FormFieldInput } from '@tessera/core/validation';
import type { FormDefinition } from '../forms/definition.js';
import type { FieldModel, FormModel } from '../forms/model.js';
import { LIKERT_VALUES, initialInput } from '../forms/values.js';

export type Answers = Readonly<Record<string, unknown>>;

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);
const choices = (values: readonly string[], chosen: readonly string[]): FormChoice[] => values.map((value) => ({ value, checked: chosen.includes(value) }));

export function parseAnswers(text: string | null | undefined): Answers {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Answers) : {};
  } catch {
    return {};
  }
}

function inputFor(field: FieldModel, answer: unknown): FormFieldInput {
  if (answer === undefined) return initialInput(field);
  switch (field.kind) {
    case 'single':
      return { values: [list(answer)[0] ?? ''] };
    case 'parts': {
      const values = list(answer);
      // A phone without a country code is stored with a leading empty part (core's rule).
      const parts = field.parts?.length ?? values.length;
      return { values: values.length > parts ? values.slice(values.length - parts) : values };
    }
    case 'choice':
      return { choices: choices(field.options ?? [], list(answer)) };
    case 'likert': {
      const map = (answer && typeof answer === 'object' ? answer : {}) as Record<string, unknown>;
      return { likert: Object.fromEntries((field.options ?? []).map((q) => [q, choices(LIKERT_VALUES, list(map[q]))])) };
    }
    default:
      return {};
  }
}

export function inputsFromAnswers(model: FormModel, answers: Answers): Record<string, FormFieldInput> {
  return Object.fromEntries(model.fields.map((f) => [f.id, inputFor(f, answers[f.id])]));
}

export interface AnswerLine {
  readonly label: string;
  readonly text: string;
}

/** "Engraving text: ADA", one line per answered field, in the form's order (titles when the form is known). */
export function answersSummary(answers: Answers, definition?: FormDefinition | null): AnswerLine[] {
  const fields = (definition?.fields ?? []) as readonly { id?: unknown; title?: unknown; type?: unknown }[];
  const titles = new Map(fields.map((f) => [String(f.id), typeof f.title === 'string' ? f.title : String(f.id)]));
  const names = new Set(fields.filter((f) => f.type === 'name').map((f) => String(f.id)));
  const order = fields.length > 0 ? fields.map((f) => String(f.id)).filter((id) => id in answers) : Object.keys(answers);
  const lines: AnswerLine[] = [];
  for (const id of order) {
    const value = answers[id];
    let text: string;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      text = Object.entries(value as Record<string, unknown>)
        .filter(([, a]) => list(a).length > 0)
        .map(
          ([q, a]) =>
            `${q}: ${list(a)
              .map((v) => LIKERT_LABELS[v as keyof typeof LIKERT_LABELS] ?? v)
              .join(', ')}`,
        )
        .join('; ');
    } else
      text = list(value)
        .filter((v) => v.trim() !== '')
        .join(names.has(id) ? ' ' : ', ');
    if (text !== '') lines.push({ label: titles.get(id) ?? id, text });
  }
  return lines;
}
