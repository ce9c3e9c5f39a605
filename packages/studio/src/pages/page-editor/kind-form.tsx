// The form of a block's own settings, one case per kind of block (core's BlockSettings): the
// fields each kind's template reads, with the media library, the site's collections, products and
// forms to choose from where a setting names one of them.
import type { Api } from '@tessera/core/api-client';
import { type BlockSettings, type LayoutAddress, type LayoutBlock, LAYOUT_MESSAGES } from '@tessera/core/layout';
import { useState } from 'react';
import type { MediaKind } from '../media/calls.js';
import type { Choice, SiteChoices } from './calls.js';
import { FormBlockLinks } from '../form-builder/block-links.js';
import { ChartTable } from './chart-table.js';
import { CheckField, FieldGroup, NumberField, SelectField, TextArea, TextField } from './fields.js';
import { LazyRichText } from './lazy-rich-text.js';
import { MediaPicker } from './media-picker.js';

export interface BlockSettingsProps {
  readonly block: LayoutBlock;
  readonly columns: number;
  /** Errors of this block, by the rest of their path (`settings.link`). */
  readonly errors: Readonly<Record<string, string>>;
  readonly choices: SiteChoices;
  readonly api: Api;
  readonly canEditCode: boolean;
  readonly android: boolean;
  /** The block changed; `field` names what changed, so that keystrokes in it make one undo step. */
  onChange(block: LayoutBlock, field: string): void;
}

const UNREAD_COLLECTIONS = 'Unable to load collections';
const UNREAD_RESULTS = 'Unable to load results';

function choiceOptions(list: Choice[] | null): readonly (readonly [string, string])[] | null {
  return list ? [['', 'Choose…'] as const, ...list.map((c) => [c.value, c.label] as const)] : null;
}

export function KindForm({ block, errors, choices, api, canEditCode, android, onChange }: BlockSettingsProps) {
  const [picking, setPicking] = useState<MediaKind | null>(null);
  // Forms made from this block since the choices were read: the select offers them too.
  const [madeForms, setMadeForms] = useState<Choice[]>([]);
  const s = block.settings as Record<string, unknown>;
  const err = (key: string) => errors[`settings.${key}`];
  // One setting changed: the block with it, named for undo's grouping.
  const set = <K extends string>(key: K, value: unknown) => onChange({ ...block, settings: { ...s, [key]: value } } as LayoutBlock, `settings.${key}`);
  const text = (key: string, label: string, hint?: string) => (
    <TextField label={label} value={String(s[key] ?? '')} error={err(key)} hint={hint} onChange={(v) => set(key, v)} />
  );
  const check = (key: string, label: string) => <CheckField label={label} value={Boolean(s[key])} onChange={(v) => set(key, v)} />;
  // Choices that could not be read leave the field to be typed, and say why (the editor's strings).
  const pick = (key: string, label: string, list: Choice[] | null, unread = UNREAD_RESULTS) => {
    const options = choiceOptions(list);
    return options ? (
      <SelectField label={label} value={String(s[key] ?? '')} options={options} error={err(key)} onChange={(v) => set(key, v)} />
    ) : (
      text(key, label, unread)
    );
  };
  const media = (key: string, label: string, kind: MediaKind) => (
    <div className="field media-field">
      <span className="rich-text-label">{label}</span>
      <span className="muted">{String(s[key] ?? '') || 'None chosen'}</span>
      <button type="button" className="button-secondary" onClick={() => setPicking(kind)}>
        {s[key] ? `Change ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
      </button>
      {err(key) && <span className="field-error">{err(key)}</span>}
    </div>
  );
  const picker = (onPick: (path: string, alt: string) => void) => (
    <MediaPicker
      api={api}
      kind={picking ?? 'image'}
      open={picking !== null}
      onClose={() => setPicking(null)}
      onPick={(asset) => {
        setPicking(null);
        onPick(asset.path, asset.alt);
      }}
    />
  );

  switch (block.kind) {
    case 'text':
      return <LazyRichText label="Text" html={String(s.html ?? '')} error={err('html')} onChange={(html) => set('html', html)} />;
    case 'image':
      return (
        <>
          {media('image', 'Image', 'image')}
          {text('alt', 'Alternative text', 'What the image shows, for people who cannot see it.')}
          {text('title', 'Title')}
          {text('caption', 'Caption')}
          {text('link', 'Link')}
          {text('buttonLabel', 'Button label')}
          {picker((image, alt) => onChange({ ...block, settings: { ...s, image, alt: s.alt || alt } } as LayoutBlock, 'settings.image'))}
        </>
      );
    case 'gallery': {
      const g = block.settings as BlockSettings['gallery'];
      const setImages = (images: BlockSettings['gallery']['images']) => set('images', images);
      return (
        <>
          <ol className="gallery-editor">
            {g.images.map((img, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells and entries are edited in place; their place is their identity
              <li key={`${img.image}-${i}`}>
                <span>{img.image}</span>
                <TextField
                  label={`Image ${i + 1} alternative text`}
                  value={img.alt}
                  error={err(`images[${i}].alt`)}
                  onChange={(alt) => setImages(g.images.map((x, j) => (j === i ? { ...x, alt } : x)))}
                />
                <button type="button" className="button-secondary" onClick={() => setImages(g.images.filter((_, j) => j !== i))}>
                  Remove image {i + 1}
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className="button-secondary" onClick={() => setPicking('image')}>
            Add an image
          </button>
          {picker((image, alt) => setImages([...g.images, { image, alt, title: '', caption: '' }]))}
        </>
      );
    }
    case 'button':
      return (
        <>
          {text('label', 'Label')}
          {text('link', 'Link')}
          <SelectField
            label="Style"
            value={String(s.style)}
            options={[
              ['primary', 'Primary'],
              ['secondary', 'Secondary'],
              ['tertiary', 'Tertiary'],
            ]}
            onChange={(v) => set('style', v)}
          />
          <SelectField
            label="Size"
            value={String(s.size)}
            options={[
              ['small', 'Small'],
              ['medium', 'Medium'],
              ['large', 'Large'],
            ]}
            onChange={(v) => set('size', v)}
          />
          <SelectField
            label="Alignment"
            value={String(s.align)}
            options={[
              ['left', 'Left'],
              ['center', 'Center'],
              ['right', 'Right'],
            ]}
            onChange={(v) => set('align', v)}
          />
          {check('newWindow', 'Open in a new window')}
        </>
      );
    case 'product':
      return (
        <>
          {pick('product', 'Product', choices.products)}
          {check('showImage', 'Show its image')}
          {check('showExcerpt', 'Show its excerpt')}
        </>
      );
    case 'summary':
      return (
        <>
          {pick('collection', 'Collection', choices.collections, UNREAD_COLLECTIONS)}
          {text('title', 'Heading')}
          <NumberField label="Items shown" min={1} max={30} value={Number(s.limit)} error={err('limit')} onChange={(v) => set('limit', v)} />
          <NumberField label="Columns" min={1} max={6} value={Number(s.columns)} error={err('columns')} onChange={(v) => set('columns', v)} />
          <FieldGroup legend="Show">
            {check('showImage', 'Image')}
            {check('showTitle', 'Title')}
            {check('showExcerpt', 'Excerpt')}
            {check('showPrice', 'Price')}
            {check('showDate', 'Date')}
          </FieldGroup>
          {text('tag', 'Only items tagged')}
          {text('category', 'Only items in the category')}
        </>
      );
    case 'form':
      return (
        <>
          {pick('form', 'Form', choices.forms && [...choices.forms, ...madeForms.filter((m) => !choices.forms?.some((c) => c.value === m.value))])}
          <FormBlockLinks
            api={api}
            formKey={String(s.form ?? '')}
            title={String(s.title ?? '')}
            onCreated={(formKey, name) => {
              setMadeForms((list) => [...list, { value: formKey, label: name }]);
              set('form', formKey);
            }}
          />
          {text('title', 'Heading')}
        </>
      );
    case 'newsletter':
      return (
        <>
          {pick('form', 'Sign-up form', choices.forms)}
          {text('title', 'Heading')}
          <TextArea label="Description" value={String(s.description ?? '')} error={err('description')} onChange={(v) => set('description', v)} />
        </>
      );
    case 'accordion': {
      const a = block.settings as BlockSettings['accordion'];
      const setItems = (items: BlockSettings['accordion']['items']) => set('items', items);
      return (
        <>
          <ol className="accordion-editor">
            {a.items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells and entries are edited in place; their place is their identity
              <li key={i}>
                <TextField
                  label={`Item ${i + 1} title`}
                  value={item.title}
                  onChange={(title) => setItems(a.items.map((x, j) => (j === i ? { ...x, title } : x)))}
                />
                <TextArea
                  label={`Item ${i + 1} text`}
                  rows={3}
                  value={item.html}
                  error={err(`items[${i}].html`)}
                  onChange={(html) => setItems(a.items.map((x, j) => (j === i ? { ...x, html } : x)))}
                />
                <button type="button" className="button-secondary" onClick={() => setItems(a.items.filter((_, j) => j !== i))}>
                  Remove item {i + 1}
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className="button-secondary" onClick={() => setItems([...a.items, { title: '', html: '' }])}>
            Add an item
          </button>
          {check('openFirst', 'Open the first item')}
          {check('allowMultiple', 'Several items open at once')}
        </>
      );
    }
    case 'map': {
      const m = block.settings as BlockSettings['map'];
      const address: LayoutAddress = m.address;
      const setAddress = (key: string, value: unknown) =>
        onChange({ ...block, settings: { ...m, address: { ...address, [key]: value } } } as LayoutBlock, `settings.address.${key}`);
      const coordinate = (key: 'mapLat' | 'mapLng', label: string) => (
        <TextField
          label={label}
          value={m.address[key] === undefined ? '' : String(m.address[key])}
          error={errors[`settings.address.${key}`]}
          onChange={(v) => setAddress(key, v.trim() === '' ? undefined : Number(v))}
        />
      );
      return (
        <>
          {(['addressTitle', 'addressLine1', 'addressLine2', 'addressCountry'] as const).map((key, i) => (
            <TextField
              key={key}
              label={['Place name', 'Address line 1', 'Address line 2', 'Country'][i]!}
              value={m.address[key]}
              error={errors[`settings.address.${key}`]}
              onChange={(v) => setAddress(key, v)}
            />
          ))}
          {coordinate('mapLat', 'Latitude')}
          {coordinate('mapLng', 'Longitude')}
          <NumberField label="Zoom" min={1} max={19} value={m.zoom} error={err('zoom')} onChange={(v) => set('zoom', v)} />
        </>
      );
    }
    case 'video':
      return (
        <>
          {media('video', 'Video', 'video')}
          {text('caption', 'Caption')}
          {picker((video) => set('video', video))}
        </>
      );
    case 'audio':
      return (
        <>
          {media('audio', 'Audio', 'audio')}
          {text('title', 'Title')}
          {text('author', 'Author')}
          {picker((audio) => set('audio', audio))}
        </>
      );
    case 'code':
      // The spec's message: a phone's keyboard cannot type code reliably on Android.
      if (android) return <p className="notice">{LAYOUT_MESSAGES.codeEditingAndroid}</p>;
      return (
        <TextArea
          label="HTML"
          rows={8}
          value={String(s.html ?? '')}
          readOnly={!canEditCode}
          hint={canEditCode ? 'Shown in a sandboxed frame on the page.' : 'Only an administrator or a website manager may change code.'}
          error={err('html')}
          onChange={(v) => set('html', v)}
        />
      );
    case 'quote':
      return (
        <>
          <TextArea label="Quote" value={String(s.text ?? '')} error={err('text')} onChange={(v) => set('text', v)} />
          {text('source', 'Source')}
        </>
      );
    case 'spacer': {
      const h = (block.settings as BlockSettings['spacer']).height;
      return (
        <FieldGroup legend="Height in pixels">
          <NumberField
            label="On a desktop"
            min={0}
            max={400}
            value={h.desktop}
            error={errors['settings.height.desktop']}
            onChange={(desktop) => set('height', { ...h, desktop })}
          />
          <NumberField
            label="On a phone"
            min={0}
            max={400}
            value={h.mobile ?? h.desktop}
            error={errors['settings.height.mobile']}
            onChange={(mobile) => set('height', { ...h, mobile })}
          />
        </FieldGroup>
      );
    }
    case 'line':
      return <p className="muted">A line across the section; it has no settings.</p>;
    case 'social': {
      const links = (block.settings as BlockSettings['social']).links;
      const linkErrors = links.map((_, i) => err(`links[${i}]`)).filter(Boolean);
      return (
        <>
          <TextArea
            label="Links, one a line"
            hint="Empty: the site's own social accounts."
            value={links.join('\n')}
            error={linkErrors[0]}
            onChange={(v) =>
              set(
                'links',
                v
                  .split('\n')
                  .map((l) => l.trim())
                  .filter(Boolean),
              )
            }
          />
          <SelectField
            label="Show as"
            value={String(s.style)}
            options={[
              ['icons', 'Icons'],
              ['text', 'Text'],
            ]}
            onChange={(v) => set('style', v)}
          />
        </>
      );
    }
    case 'chart': {
      const c = block.settings as BlockSettings['chart'];
      return (
        <>
          {text('title', 'Title')}
          <ChartTable
            columns={c.columns}
            rows={c.rows}
            errors={[err('columns'), err('rows')].filter((e): e is string => Boolean(e))}
            onChange={(columns, rows) => onChange({ ...block, settings: { ...c, columns, rows } } as LayoutBlock, 'settings.dataset')}
          />
          {check('showLegend', 'Show the legend')}
        </>
      );
    }
  }
}
