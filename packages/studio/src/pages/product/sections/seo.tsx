// Tags and categories (chips), and what search engines show: the SEO title and description, with a
// preview of the search result built from them (or from the title and description when left empty).
import { TextArea, TextField } from '../../store/fields.js';
import { Chips } from '../chips.js';
import type { SectionProps } from './props.js';

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

export function TagsSection({ draft, set, errors, choices }: SectionProps) {
  return (
    <section className="card store-section" aria-labelledby="product-tags">
      <h2 id="product-tags">Tags and categories</h2>
      <div className="field-grid">
        <Chips
          type="tag"
          path="item.tags"
          label="Tags"
          values={draft.tags}
          known={choices.tags.map((t) => t.name)}
          error={errors['item.tags']}
          onChange={(tags) => set({ tags })}
        />
        <Chips
          type="category"
          path="item.categories"
          label="Categories"
          values={draft.categories}
          known={choices.categories.map((t) => t.name)}
          error={errors['item.categories']}
          onChange={(categories) => set({ categories })}
        />
      </div>
    </section>
  );
}

export function SeoSection({ draft, set, errors, url }: SectionProps & { url: string }) {
  const title = draft.seoTitle.trim() || draft.title.trim() || 'Product title';
  const description = draft.seoDescription.trim() || plain(draft.body).slice(0, 160);
  return (
    <section className="card store-section" aria-labelledby="product-seo">
      <h2 id="product-seo">Search engines</h2>
      <div className="field-grid">
        <TextField
          path="item.seoTitle"
          label="SEO title"
          className="field-wide"
          maxLength={200}
          value={draft.seoTitle}
          error={errors['item.seoTitle']}
          hint="Empty: the product's title."
          onChange={(seoTitle) => set({ seoTitle })}
        />
        <TextArea
          path="item.seoDescription"
          label="SEO description"
          className="field-wide"
          maxLength={400}
          value={draft.seoDescription}
          error={errors['item.seoDescription']}
          hint="Empty: the start of the description."
          onChange={(seoDescription) => set({ seoDescription })}
        />
      </div>
      <figure className="seo-preview">
        <figcaption className="hint">Search result preview</figcaption>
        <p className="seo-url">{url}</p>
        <p className="seo-title">{title}</p>
        <p className="seo-description">{description || 'No description yet.'}</p>
      </figure>
    </section>
  );
}
