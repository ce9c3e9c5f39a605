// The product's title, URL slug (written from the title until the owner types one), collection,
// description (HTML, until the page editor brings rich text) and content status.
import { SelectField, TextField } from '../../store/fields.js';
import { STATUSES } from '../../products/types.js';
import { slugOf } from '../draft.js';
import { type SectionProps, fieldId } from './props.js';

export function DetailsSection({ draft, set, errors, choices }: SectionProps) {
  const collection = choices.collections.find((c) => c.urlId === draft.collection);
  const collections = choices.collections.map((c) => ({ value: c.urlId, label: c.title }));
  if (!collection && draft.collection) collections.push({ value: draft.collection, label: draft.collection });
  const bodyId = fieldId('item.body');
  return (
    <section className="card store-section" aria-labelledby="product-details">
      <h2 id="product-details">Details</h2>
      <div className="field-grid">
        <TextField
          path="item.title"
          label="Title"
          className="field-wide"
          value={draft.title}
          maxLength={200}
          error={errors['item.title']}
          onChange={(title) => set(draft.slugTouched ? { title } : { title, urlId: slugOf(title) })}
        />
        <TextField
          path="item.urlId"
          label="URL slug"
          value={draft.urlId}
          maxLength={200}
          error={errors['item.urlId']}
          hint={`The address in the shop: /${draft.collection}/${draft.urlId || '…'}`}
          onChange={(urlId) => set({ urlId: urlId.toLowerCase(), slugTouched: true })}
        />
        <SelectField
          path="collection"
          label="Collection"
          value={draft.collection}
          error={errors.collection}
          options={collections}
          onChange={(c) => set({ collection: c })}
        />
        <SelectField
          path="item.status"
          label="Status"
          value={draft.status}
          error={errors['item.status']}
          options={STATUSES.map(([value, label]) => ({ value, label }))}
          onChange={(status) => set({ status })}
        />
        {draft.status === 'scheduled' && (
          <TextField
            path="item.publishOn"
            type="datetime-local"
            label="Goes live on"
            value={draft.publishOn}
            error={errors['item.publishOn']}
            hint="In the site's time zone."
            onChange={(publishOn) => set({ publishOn })}
          />
        )}
        <div className="field field-wide">
          <label htmlFor={bodyId}>Description</label>
          <textarea
            id={bodyId}
            rows={8}
            value={draft.body}
            aria-describedby={`${bodyId}-hint${errors['item.body'] ? ` ${bodyId}-error` : ''}`}
            aria-invalid={errors['item.body'] ? true : undefined}
            onChange={(e) => set({ body: e.target.value })}
          />
          <span className="field-hint" id={`${bodyId}-hint`}>
            HTML, such as &lt;p&gt;A mug for every morning.&lt;/p&gt;
          </span>
          {errors['item.body'] && (
            <span className="field-error" id={`${bodyId}-error`}>
              {errors['item.body']}
            </span>
          )}
        </div>
      </div>
    </section>
  );
}
