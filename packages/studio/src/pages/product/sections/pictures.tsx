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

function RelatedProducts({ draft, set, errors, choices }: Pick<SectionProps, 'draft' | 'set' | 'errors' | 'choices'>) {
  const [pick, setPick] = useState('');
  const self = `${draft.collection}/${draft.urlId}`;
  const titleOf = (ref: string) => choices.products.find((p) => p.ref === ref)?.title ?? ref;
  const offered = choices.products.filter((p) => p.ref !== self && !draft.relatedProducts.includes(p.ref));
  const id = fieldId(RELATED);
  return (
    <div className="related">
      <h3>Related products</h3>
      {draft.relatedProducts.length === 0 ? (
        <p className="empty">None: the shop shows no related products on this product's page.</p>
      ) : (
        <ul className="chip-list" aria-label="Related products">
          {draft.relatedProducts.map((ref) => (
            <li key={ref} className="chip">
              <span className="chip-name">{titleOf(ref)}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove related product ${titleOf(ref)}`}
                onClick={() => set({ relatedProducts: draft.relatedProducts.filter((r) => r !== ref) })}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field chip-add">
        <label htmlFor={id}>Add a related product</label>
        <span className="chip-add-row">
          <select id={id} value={pick} onChange={(e) => setPick(e.target.value)} aria-invalid={errors[RELATED] ? true : undefined}>
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
            disabled={!pick}
            onClick={() => {
              set({ relatedProducts: [...draft.relatedProducts, pick] });
              setPick('');
            }}>
            Add product
          </button>
        </span>
        {errors[RELATED] && <span className="field-error">{errors[RELATED]}</span>}
      </div>
    </div>
  );
}
