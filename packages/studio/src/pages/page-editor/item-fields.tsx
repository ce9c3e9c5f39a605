// A post's and an event's own fields in the editor (its "Post settings" / "Event settings"): the
// main image, tags and categories as chips, the author, comments, and for an event its start and
// end in its own time zone, its location and the calendar link it will show. Every change goes
// through the document (undo, autosave and the live preview as for the rest of the page).
import type { Api } from '@tessera/core/api-client';
import { checkContentLimits } from '@tessera/core/constants';
import { googleCalendarUrl } from '@tessera/core/format';
import { EDITOR_VALIDATION_MESSAGES, fillMessage } from '@tessera/core/validation';
import { useId, useState } from 'react';
import { fromLocalInput, toLocalInput } from '../store/zoned.js';
import type { Author, ContentDocument, EventLocation } from './calls.js';
import { CheckField, FieldGroup, SelectField, TextField } from './fields.js';
import { MediaPicker } from './media-picker.js';

/** A post holds at most this many tags, and as many categories (the server says the same). */
const MAX_TERMS = 50;

const EMPTY_LOCATION: EventLocation = { addressTitle: '', addressLine1: '', addressLine2: '', addressCountry: '', mapLat: null, mapLng: null };

/** Why a tag (or category) cannot be added: too long (core's limit), already there (the spec's message), or too many; null when it can. */
function termProblem(value: string, existing: readonly string[], tagType: 'tag' | 'category'): string | null {
  const tooLong = checkContentLimits(tagType === 'tag' ? { tags: [value] } : { categories: [value] })[0];
  if (tooLong) return tooLong;
  if (existing.some((t) => t.toLowerCase() === value.toLowerCase())) return fillMessage(EDITOR_VALIDATION_MESSAGES.tagExists, { tagType });
  if (existing.length >= MAX_TERMS) return `A post holds at most ${MAX_TERMS} ${tagType === 'tag' ? 'tags' : 'categories'}.`;
  return null;
}

interface TermsInputProps {
  readonly label: string;
  readonly tagType: 'tag' | 'category';
  readonly values: readonly string[];
  readonly error?: string;
  onChange(values: readonly string[], said: string): void;
}

/**
 * Chips typed one at a time: Enter adds what is typed (refused inline with its message), Backspace
 * in the empty field takes the last one away, and each chip has its own Remove button.
 */
function TermsInput({ label, tagType, values, error, onChange }: TermsInputProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState('');
  const shown = problem || error;
  const add = () => {
    const value = typed.trim();
    if (value === '') return;
    const refused = termProblem(value, values, tagType);
    if (refused) return setProblem(refused);
    setProblem('');
    setTyped('');
    onChange([...values, value], `${value} added.`);
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {values.length > 0 && (
        <ul className="chip-list" aria-label={label}>
          {values.map((v) => (
            <li key={v} className="chip">
              <span>{v}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${tagType} ${v}`}
                onClick={() =>
                  onChange(
                    values.filter((t) => t !== v),
                    `${v} removed.`,
                  )
                }>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        value={typed}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        onChange={(e) => {
          setTyped(e.target.value);
          setProblem('');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          } else if (e.key === 'Backspace' && typed === '' && values.length > 0) {
            e.preventDefault();
            const last = values.at(-1)!;
            onChange(values.slice(0, -1), `${last} removed.`);
          }
        }}
      />
      <span className="field-hint" id={`${id}-hint`}>
        Type a {tagType} and press Enter.
      </span>
      {shown && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {shown}
        </span>
      )}
    </div>
  );
}

/** The IANA zones this browser knows (the server checks the same names with Intl). */
function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

const isoOf = (v: number | string | null | undefined): string | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = new Date(typeof v === 'number' || /^\d+$/.test(String(v)) ? Number(v) : String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
const msOf = (v: number | string | null | undefined): number | null => {
  const iso = isoOf(v);
  return iso === null ? null : Date.parse(iso);
};

/**
 * A latitude or longitude typed as text: a half-typed number ("-", "37.") stays in the field and
 * only a whole one (or nothing) reaches the document; an undo shows the document's value again.
 */
function CoordinateField({ label, value, error, onChange }: { label: string; value: number | null; error?: string; onChange(v: number | null): void }) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const parsed = text.trim() === '' ? null : Number(text);
  const shown = parsed === value || (parsed !== null && Number.isNaN(parsed)) ? text : value === null ? '' : String(value);
  return (
    <TextField
      label={label}
      value={shown}
      error={error}
      onChange={(v) => {
        setText(v);
        const n = v.trim() === '' ? null : Number(v);
        if (n === null || Number.isFinite(n)) onChange(n);
      }}
    />
  );
}

export interface ItemFieldsPanelProps {
  readonly api: Api;
  readonly kind: 'post' | 'event';
  readonly doc: ContentDocument;
  readonly authors: readonly Author[] | null;
  readonly siteZone: string;
  /** The fields' errors, from the server's 400 by their names (`tags`, `location.mapLat`, ...). */
  readonly errors: Readonly<Record<string, string>>;
  onChange(doc: ContentDocument, field: string, said?: string): void;
}

export function ItemFieldsPanel({ api, kind, doc, authors, siteZone, errors, onChange }: ItemFieldsPanelProps) {
  const [picking, setPicking] = useState(false);
  const image = doc.mainImage ?? { asset: null, alt: '' };
  const zone = doc.timeZone || siteZone;
  const location = doc.location ?? EMPTY_LOCATION;
  const set = (patch: Partial<ContentDocument>, field: string, said?: string) => onChange({ ...doc, ...patch }, field, said);
  const authorOptions: (readonly [string, string])[] = [
    ['', 'No author'],
    ...(doc.author && !doc.author.id ? [['name', `${doc.author.name} (named)`] as const] : []),
    ...(authors ?? []).map((a) => [a.id, `${a.name} (${a.email})`] as const),
  ];
  const authorValue = doc.author ? (doc.author.id ?? 'name') : '';
  const localStart = toLocalInput(isoOf(doc.startDate), zone);
  const localEnd = toLocalInput(isoOf(doc.endDate), zone);
  const setWhen = (start: string, end: string, nextZone: string, field: string) => {
    const startIso = start ? fromLocalInput(start, nextZone) : null;
    const endIso = end ? fromLocalInput(end, nextZone) : null;
    set({ startDate: startIso ? Date.parse(startIso) : null, endDate: endIso ? Date.parse(endIso) : null, timeZone: nextZone }, field);
  };
  const start = msOf(doc.startDate);
  const end = msOf(doc.endDate);
  const setPlace = (patch: Partial<EventLocation>, field: string) => set({ location: { ...location, ...patch } }, `location.${field}`);
  return (
    <div className="editor-item-fields">
      <h2>{kind === 'post' ? 'Post settings' : 'Event settings'}</h2>
      <FieldGroup legend="Main image">
        <p className="muted">{image.asset ? `Image: ${image.asset.replace(/^assets\//, '')}` : 'No main image.'}</p>
        {errors['mainImage.asset'] && <p className="field-error">{errors['mainImage.asset']}</p>}
        <div className="editor-actions">
          <button type="button" className="button-secondary" onClick={() => setPicking(true)}>
            {image.asset ? 'Change main image' : 'Choose main image'}
          </button>
          {image.asset && (
            <button type="button" className="button-secondary" onClick={() => set({ mainImage: { asset: null, alt: '' } }, 'mainImage', 'Main image removed.')}>
              Remove main image
            </button>
          )}
        </div>
        {image.asset && (
          <TextField label="Main image description (alt text)" value={image.alt} onChange={(alt) => set({ mainImage: { ...image, alt } }, 'mainImage.alt')} />
        )}
        <MediaPicker
          api={api}
          kind="image"
          open={picking}
          onClose={() => setPicking(false)}
          onPick={(asset) => {
            setPicking(false);
            set({ mainImage: { asset: asset.path, alt: asset.alt || image.alt } }, 'mainImage', 'Main image chosen.');
          }}
        />
      </FieldGroup>
      <TermsInput label="Tags" tagType="tag" values={doc.tags ?? []} error={errors.tags} onChange={(tags, said) => set({ tags }, 'tags', said)} />
      <TermsInput
        label="Categories"
        tagType="category"
        values={doc.categories ?? []}
        error={errors.categories}
        onChange={(categories, said) => set({ categories }, 'categories', said)}
      />
      <SelectField
        label="Author"
        value={authorValue}
        error={errors.author}
        hint={authors === null ? 'Loading the staff…' : undefined}
        options={authorOptions}
        onChange={(id) => {
          if (id === 'name') return;
          const a = authors?.find((x) => x.id === id);
          set({ author: a ? { id: a.id, name: a.name } : null }, 'author');
        }}
      />
      <CheckField label="Comments on" value={doc.commentsOn ?? false} onChange={(commentsOn) => set({ commentsOn }, 'commentsOn')} />
      {kind === 'event' && (
        <>
          <FieldGroup legend="When">
            <TextField
              label="Starts"
              type="datetime-local"
              value={localStart}
              error={errors.startDate}
              onChange={(v) => setWhen(v, localEnd, zone, 'startDate')}
            />
            <TextField label="Ends" type="datetime-local" value={localEnd} error={errors.endDate} onChange={(v) => setWhen(localStart, v, zone, 'endDate')} />
            <SelectField
              label="Time zone"
              value={zone}
              error={errors.timeZone}
              hint="The times above are in this zone; changing it keeps them as typed."
              options={zones(zone).map((z) => [z, z.replace(/_/g, ' ')] as const)}
              onChange={(z) => setWhen(localStart, localEnd, z, 'timeZone')}
            />
          </FieldGroup>
          <FieldGroup legend="Location">
            <TextField label="Place name" value={location.addressTitle} onChange={(v) => setPlace({ addressTitle: v }, 'addressTitle')} />
            <TextField label="Address line 1" value={location.addressLine1} onChange={(v) => setPlace({ addressLine1: v }, 'addressLine1')} />
            <TextField label="Address line 2" value={location.addressLine2} onChange={(v) => setPlace({ addressLine2: v }, 'addressLine2')} />
            <TextField label="Country" value={location.addressCountry} onChange={(v) => setPlace({ addressCountry: v }, 'addressCountry')} />
            <CoordinateField label="Latitude" value={location.mapLat} error={errors['location.mapLat']} onChange={(mapLat) => setPlace({ mapLat }, 'mapLat')} />
            <CoordinateField
              label="Longitude"
              value={location.mapLng}
              error={errors['location.mapLng']}
              onChange={(mapLng) => setPlace({ mapLng }, 'mapLng')}
            />
          </FieldGroup>
          {start !== null && (
            <p className="editor-calendar">
              Visitors get:{' '}
              <a href={googleCalendarUrl({ title: doc.title, startDate: start, endDate: end, location })} target="_blank" rel="noopener noreferrer">
                Add to Google Calendar
              </a>
            </p>
          )}
        </>
      )}
    </div>
  );
}
