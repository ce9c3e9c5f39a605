// The product editor, drawn from props only (page.tsx holds the product, the draft and the calls):
// the product's head (View in shop, Duplicate, Delete), the errors the form could not place, its
// sections by what they are about, and the save bar with its result.
import type { FormEvent } from 'react';
import type { Choices } from '../products/types.js';
import { ProductType } from '@tessera/core/enums';
import { productTypeName } from '../products/types.js';
import { Dialog } from '../../ui/dialog.js';
import type { Draft } from './draft.js';
import { DetailsSection } from './sections/details.js';
import { PicturesSection } from './sections/pictures.js';
import { SeoSection, TagsSection } from './sections/seo.js';
import { SellingSection } from './sections/selling.js';
import { VariantsSection } from './sections/variants.js';

export type Status = { kind: 'idle' | 'working' | 'done' | 'error' | 'conflict'; text: string };

export interface EditorViewProps {
  language: string;
  currency: string;
  choices: Choices;
  draft: Draft;
  /** The saved product's id and shop address; null for a product not saved yet. */
  saved: { id: string; url: string } | null;
  errors: Readonly<Record<string, string>>;
  /** Errors of the server that name no field of the page. */
  otherErrors: readonly string[];
  status: Status;
  dirty: boolean;
  confirmingDelete: boolean;
  set(patch: Partial<Draft>): void;
  onSave(): void;
  onReload(): void;
  onDuplicate(): void;
  onDelete(confirmed: boolean): void;
  onCancelDelete(): void;
}

export function EditorView(props: EditorViewProps) {
  const { draft, saved, status, choices } = props;
  const busy = status.kind === 'working';
  const section = { draft, set: props.set, errors: props.errors, choices, currency: props.currency, language: props.language };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave();
  };
  const url = saved?.url || `/${draft.collection}/${draft.urlId}`;
  return (
    <div className="product-editor">
      <p className="back-link">
        <a href="/config/products">Products</a>
      </p>
      <div className="order-head">
        <div>
          <h2 className="order-title">{draft.title.trim() || 'New product'}</h2>
          <p className="muted">
            {productTypeName(draft.productType)} product{saved ? '' : ', not saved yet'}
          </p>
        </div>
        {saved && (
          <div className="order-actions">
            <a className="button-link button-secondary" href={saved.url} target="_blank" rel="noreferrer">
              View in shop <span className="visually-hidden">(opens a new tab)</span>
            </a>
            {draft.productType === ProductType.DIGITAL && (
              // What a buyer gets: the delivery part of the confirmation page and the download mail (page type 210).
              <a className="button-link button-secondary" href={`/config/delivery-preview/${encodeURIComponent(saved.id)}`} target="_blank" rel="noreferrer">
                Preview delivery <span className="visually-hidden">(opens a new tab)</span>
              </a>
            )}
            <button type="button" className="button-secondary" disabled={busy} onClick={props.onDuplicate}>
              Duplicate
            </button>
            <button type="button" className="button-danger" disabled={busy} onClick={() => props.onDelete(false)}>
              Delete
            </button>
          </div>
        )}
      </div>
      {props.otherErrors.length > 0 && (
        <div className="error-box" role="alert">
          <ul>
            {props.otherErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      <form className="store-settings product-form" onSubmit={submit} noValidate aria-label="Product">
        <DetailsSection {...section} />
        <VariantsSection {...section} />
        <SellingSection {...section} />
        <PicturesSection {...section} />
        <TagsSection {...section} />
        <SeoSection {...section} url={url} />
        <div className="save-bar">
          <button type="submit" disabled={busy}>
            {busy ? 'Working…' : saved ? 'Save' : 'Create product'}
          </button>
          {props.dirty && status.kind !== 'working' && <span className="hint">Unsaved changes</span>}
          <div className={`status save-status save-status-${status.kind}`} role="status" aria-live="polite" tabIndex={-1}>
            {status.text}
          </div>
          {status.kind === 'conflict' && (
            <button type="button" className="button-secondary" onClick={props.onReload}>
              Reload the product
            </button>
          )}
        </div>
      </form>
      <Dialog open={props.confirmingDelete} title="Delete this product?" onClose={props.onCancelDelete}>
        <p>{draft.title.trim() || 'This product'} leaves the shop for good. Orders keep their lines; its restock sign-ups and reviews are deleted with it.</p>
        <div className="dialog-buttons">
          <button type="button" className="button-danger" onClick={() => props.onDelete(true)}>
            Delete product
          </button>
          <button type="button" className="button-secondary" data-autofocus onClick={props.onCancelDelete}>
            Cancel
          </button>
        </div>
      </Dialog>
    </div>
  );
}
