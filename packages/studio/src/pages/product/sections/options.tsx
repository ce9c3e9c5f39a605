// Options (attributes such as Colour and Size) and their values: each change rebuilds the variants
// from the combinations of values (variants.ts), keeping the data of every combination that stays.
import { useState } from 'react';
import type { Draft } from '../draft.js';
import { type OptionDraft, buildVariants, newKey, skuStem } from '../variants.js';
import type { SectionProps } from './props.js';

/** The draft with other options, its variants rebuilt from them. */
function withOptions(draft: Draft, options: OptionDraft[]): Partial<Draft> {
  return { options, variants: buildVariants(options, draft.variants, skuStem(draft.variants)) };
}

export function OptionsEditor({ draft, set }: Pick<SectionProps, 'draft' | 'set'>) {
  const [message, setMessage] = useState('');
  const change = (options: OptionDraft[]) => set(withOptions(draft, options));
  const rename = (index: number, name: string) => {
    const old = draft.options[index]!.name;
    const options = draft.options.map((o, i) => (i === index ? { ...o, name } : o));
    // The variants' values move to the option's new name: a rename keeps every variant.
    const variants = draft.variants.map((v) => {
      if (!(old in v.attributes)) return v;
      const { [old]: value, ...rest } = v.attributes;
      return { ...v, attributes: name ? { ...rest, [name]: value! } : rest };
    });
    set({ options, variants });
  };
  const addValue = (index: number, value: string) => {
    const option = draft.options[index]!;
    if (!value) return false;
    if (option.values.some((v) => v.toLowerCase() === value.toLowerCase())) {
      setMessage(`${option.name || 'This option'} already has the value ${value}.`);
      return false;
    }
    setMessage('');
    change(draft.options.map((o, i) => (i === index ? { ...o, values: [...o.values, value] } : o)));
    return true;
  };
  return (
    <div className="options-editor">
      {draft.options.map((option, i) => (
        <OptionRow
          key={option.key}
          index={i}
          option={option}
          onRename={(name) => rename(i, name)}
          onAddValue={(value) => addValue(i, value)}
          onRemoveValue={(value) => change(draft.options.map((o, j) => (j === i ? { ...o, values: o.values.filter((v) => v !== value) } : o)))}
          onRemove={() => change(draft.options.filter((_, j) => j !== i))}
        />
      ))}
      <p className="field-error" role="status">
        {message}
      </p>
      <button type="button" className="button-secondary" onClick={() => set({ options: [...draft.options, { key: newKey(), name: '', values: [] }] })}>
        Add option
      </button>
    </div>
  );
}

interface OptionRowProps {
  index: number;
  option: OptionDraft;
  onRename(name: string): void;
  onAddValue(value: string): boolean;
  onRemoveValue(value: string): void;
  onRemove(): void;
}

function OptionRow({ index, option, onRename, onAddValue, onRemoveValue, onRemove }: OptionRowProps) {
  const [value, setValue] = useState('');
  const n = index + 1;
  const name = option.name || `option ${n}`;
  const add = () => {
    if (onAddValue(value.trim())) setValue('');
  };
  return (
    <fieldset className="row-card option-row">
      <legend>Option {n}</legend>
      <div className="field-grid">
        <div className="field">
          <label htmlFor={`option-${n}-name`}>Name</label>
          <input id={`option-${n}-name`} value={option.name} maxLength={60} placeholder="Colour" onChange={(e) => onRename(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`option-${n}-value`}>Add a value</label>
          <span className="chip-add-row">
            <input
              id={`option-${n}-value`}
              value={value}
              maxLength={60}
              disabled={!option.name}
              onChange={(e) => setValue(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <button type="button" className="button-secondary" disabled={!option.name} onClick={add}>
              Add value <span className="visually-hidden">to {name}</span>
            </button>
          </span>
        </div>
      </div>
      {option.values.length > 0 && (
        <ul className="chip-list" aria-label={`Values of ${name}`}>
          {option.values.map((v) => (
            <li key={v} className="chip">
              <span className="chip-name">{v}</span>
              <button type="button" className="chip-remove" onClick={() => onRemoveValue(v)} aria-label={`Remove value ${v} of ${name}`}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button type="button" className="button-secondary" onClick={onRemove}>
          Remove option <span className="visually-hidden">{name}</span>
        </button>
      </div>
    </fieldset>
  );
}
