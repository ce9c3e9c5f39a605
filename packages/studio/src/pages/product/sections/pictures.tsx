// The product's pictures, picked from the site's image files (uploads come with the media library)
// and put in order, each with its alt text; and its related products, picked from the site's others.
import { useState } from 'react';
import { fieldId, type SectionProps } from './props.js';

const IMAGES = 'item.product.images';
const RELATED = 'item.product.relatedProducts';

export function PicturesSection({ draft, set, errors, choices }: SectionProps) {
  const [pick, setPick] = useState('');
  const images = choices.assets.filter((a) => a.contentType.startsWith('image/') && !draft.images.some((i) => i.path === a.path));
  const urlOf = (path: string) => choices.assets.find((a) => a.path === path)?.url ?? `/${path}`;
  const move = (from: number, to: number) => {
    const next = [...draft.images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    set({ images: next });
  };
  const id = fieldId(IMAGES);
  return (
    <section className="card store-section" aria-labelledby="product-pictures">
      <h2 id="product-pictures">Pictures</h2>
      <p className="section-note">The first picture is the one lists show.</p>
      {draft.images.length === 0 ? (
        <p className="empty">No pictures yet.</p>
      ) : (
        <ol className="picture-list">
          {draft.images.map((image, i) => (
            <li key={image.path} className="picture-row">
              <img src={urlOf(image.path)} alt="" width={64} height={64} />
              <div className="field">
                <label htmlFor={`picture-${i}-alt`}>
                  Alt text <span className="hint">{image.path}</span>
                </label>
                <input
                  id={`picture-${i}-alt`}
                  value={image.alt}
                  maxLength={250}
                  onChange={(e) => set({ images: draft.images.map((x, j) => (j === i ? { ...x, alt: e.target.value } : x)) })}
                />
              </div>
              <div className="picture-actions">
                <button type="button" className="button-secondary" disabled={i === 0} onClick={() => move(i, i - 1)}>
                  Move up <span className="visually-hidden">picture {i + 1}</span>
                </button>
                <button type="button" className="button-secondary" disabled={i === draft.images.length - 1} onClick={() => move(i, i + 1)}>
                  Move down <span className="visually-hidden">picture {i + 1}</span>
                </button>
                <button type="button" className="button-secondary" onClick={() => set({ images: draft.images.filter((_, j) => j !== i) })}>
                  Remove <span className="visually-hidden">picture {i + 1}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="field chip-add">
        <label htmlFor={id}>Add a picture</label>
        <span className="chip-add-row">
          <select
            id={id}
            value={pick}
            onChange={(e) => setPick(e.target.value)}
            aria-invalid={errors[IMAGES] ? true : undefined}
            aria-describedby={errors[IMAGES] ? `${id}-error` : undefined}>
            <option value="">{images.length ? 'Choose an image file' : 'No other image files'}</option>
            {images.map((a) => (
              <option key={a.path} value={a.path}>
                {a.path}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button-secondary"
            disabled={!pick}
            onClick={() => {
              set({ images: [...draft.images, { path: pick, alt: '' }] });
              setPick('');
            }}>
            Add picture
          </button>
        </span>
        {errors[IMAGES] && (
          <span className="field-error" id={`${id}-error`}>
            {errors[IMAGES]}
          </span>
        )}
      </div>
      <RelatedProducts draft={draft} set={set} errors={errors} choices={choices} />
    </section>
  );
}

/** The product page shows at most this many chosen related products (the server refuses more). */
const MAX_RELATED = 8;

function RelatedProducts({ draft, set, errors, choices }: Pick<SectionProps, 'draft' | 'set' | 'errors' | 'choices'>) {
  const [pick, setPick] = useState('');
  const [said, setSaid] = useState('');
  const self = `${draft.collection}/${draft.urlId}`;
  const titleOf = (ref: string) => choices.products.find((p) => p.ref === ref)?.title ?? ref;
  const offered = choices.products.filter((p) => p.ref !== self && !draft.relatedProducts.includes(p.ref));
  const full = draft.relatedProducts.length >= MAX_RELATED;
  const related = draft.relatedProducts;
  const move = (from: number, to: number) => {
    const next = [...related];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    set({ relatedProducts: next });
    setSaid(`${titleOf(moved!)} moved to position ${to + 1} of ${next.length}.`);
  };
  const id = fieldId(RELATED);
  return (
    <div className="related">
      <h3>Related products</h3>
      <p className="section-note">
        Shown under the product on its page, in this order, at most {MAX_RELATED}. With none chosen, the page shows up to 4 other products of the same category.
      </p>
      {related.length === 0 ? (
        <p className="empty">None chosen.</p>
      ) : (
        <ol className="related-list" aria-label="Related products">
          {related.map((ref, i) => (
            <li key={ref} className="related-row">
              <span className="related-name">{titleOf(ref)}</span>
              <span className="related-actions">
                <button type="button" className="button-secondary" disabled={i === 0} aria-label={`Move ${titleOf(ref)} up`} onClick={() => move(i, i - 1)}>
                  Up
                </button>
                <button
                  type="button"
                  className="button-secondary"
                  disabled={i === related.length - 1}
                  aria-label={`Move ${titleOf(ref)} down`}
                  onClick={() => move(i, i + 1)}>
                  Down
                </button>
                <button
                  type="button"
                  className="button-secondary"
                  aria-label={`Remove related product ${titleOf(ref)}`}
                  onClick={() => {
                    set({ relatedProducts: related.filter((r) => r !== ref) });
                    setSaid(`${titleOf(ref)} removed from the related products.`);
                  }}>
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <div className="field chip-add">
        <label htmlFor={id}>Add a related product</label>
        <span className="chip-add-row">
          <select
            id={id}
            value={pick}
            disabled={full}
            onChange={(e) => setPick(e.target.value)}
            aria-invalid={errors[RELATED] ? true : undefined}
            aria-describedby={full ? `${id}-full` : undefined}>
            <option value="">Choose a product</option>
            {offered.map((p) => (
              <option key={p.ref} value={p.ref}>
                {p.title}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button-secondary"
            disabled={!pick || full}
            onClick={() => {
              set({ relatedProducts: [...related, pick] });
              setSaid(`${titleOf(pick)} added to the related products.`);
              setPick('');
            }}>
            Add product
          </button>
        </span>
        {full && (
          <span className="field-hint" id={`${id}-full`}>
            {MAX_RELATED} products chosen: remove one to add another.
          </span>
        )}
        {errors[RELATED] && <span className="field-error">{errors[RELATED]}</span>}
      </div>
    </div>
  );
}
