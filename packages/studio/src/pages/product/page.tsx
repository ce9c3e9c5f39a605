// The product editor (/config/products/:id; `new` with ?collection=&type= for a new product):
// ProductPage loads the product and the choices, keeps the draft, saves it with the revision it was
// made from and answers a stale save (409 PRODUCT_CHANGED) with the server's message and a reload;
// EditorView draws.
import type { ApiError } from '@tessera/core/api-client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import type { Choices } from '../products/types.js';
import { productCalls } from './calls.js';
import { type Draft, newDraft, placeErrors, toBody, toDraft } from './draft.js';
import { fieldId } from './sections/props.js';
import type { ProductDoc } from './types.js';
import { EditorView, type Status } from './view.js';
import { ErrorBox } from '../../ui/error-box.js';

export interface ProductContext extends StudioContext {
  readonly productId?: string;
  readonly currency?: string;
  readonly timeZone?: string;
}

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; choices: Choices; doc: ProductDoc | null; draft: Draft; baseline: string };

const IDLE: Status = { kind: 'idle', text: '' };
/** Paths whose error has a place in the page without a control of their own. */
const SECTION_PATHS = ['item.product.variants', 'item.product.images', 'item.product.relatedProducts', 'item.product.giftCard.denominationsCents'];

const idOfPage = (context: ProductContext) => context.productId ?? decodeURIComponent(location.pathname.split('/').pop() ?? '');
const here = () => `${location.pathname}${location.search}`;

export default function ProductPage({ context, api }: PageProps<ProductContext>) {
  const calls = useMemo(() => productCalls(api), [api]);
  // The product shown: `new` until a new product is first saved (which does not load it again).
  const id = useRef(idOfPage(context));
  /** Bumped when a save fails on fields: once drawn, the first field in error takes the focus. */
  const [focusTick, setFocusTick] = useState(0);
  const focusFirstError = () => setFocusTick((n) => n + 1);
  useEffect(() => {
    if (focusTick) document.querySelector<HTMLElement>('.product-form [aria-invalid="true"]')?.focus();
  }, [focusTick]);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [status, setStatus] = useState<Status>(IDLE);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const zone = context.timeZone ?? 'UTC';
  const fail = useCallback((answer: ApiError) => {
    if (answer.status === 401) signInAgain(here());
    return answer.message;
  }, []);

  const currencyOf = (choices: Choices) => choices.currency || context.currency || 'USD';

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    const isNew = id.current === 'new';
    void Promise.all([calls.choices(), isNew ? null : calls.read(id.current)]).then(([choices, product]) => {
      if (!current) return;
      if (!choices.ok) return setState({ status: 'error', message: fail(choices) });
      if (product && !product.ok)
        return setState({ status: 'error', message: product.status === 404 ? 'There is no such product. It may have been deleted.' : fail(product) });
      const params = new URLSearchParams(location.search);
      const type = Number(params.get('type'));
      const draft = product
        ? toDraft(product.data, choices.data.currency || context.currency || 'USD', zone)
        : newDraft(params.get('collection') || choices.data.collections[0]?.urlId || '', type >= 1 && type <= 5 ? type : 1);
      setState({ status: 'ready', choices: choices.data, doc: product?.data ?? null, draft, baseline: JSON.stringify(draft) });
    });
    return () => {
      current = false;
    };
  }, [calls, attempt, fail, zone, context.currency]);

  const dirty = state.status === 'ready' && JSON.stringify(state.draft) !== state.baseline;
  // Leaving with unsaved changes asks first (the browser's own question).
  // The page's own moves (to a copy, back to the list after a delete) leave without asking.
  const leaving = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (event: BeforeUnloadEvent) => {
      if (!leaving.current) event.preventDefault();
    };
    addEventListener('beforeunload', onLeave);
    return () => removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  if (state.status === 'loading') {
    return (
      <p className="status" role="status" aria-live="polite">
        Loading the product…
      </p>
    );
  }
  if (state.status === 'error') {
    return <ErrorBox message={state.message} onRetry={() => setAttempt((n) => n + 1)} />;
  }

  const { choices, doc, draft } = state;
  const currency = currencyOf(choices);
  const set = (patch: Partial<Draft>) => setState((s) => (s.status === 'ready' ? { ...s, draft: { ...s.draft, ...patch } } : s));
  const show = (saved: ProductDoc) => {
    const next = toDraft(saved, currency, zone);
    setState({ status: 'ready', choices, doc: saved, draft: next, baseline: JSON.stringify(next) });
  };

  const onSave = async () => {
    const { body, errors: mine } = toBody(draft, doc?.item ?? null, currency, zone);
    setOtherErrors([]);
    if (Object.keys(mine).length) {
      const placed = place(mine);
      setErrors(placed.fields);
      setOtherErrors(placed.other);
      setStatus({ kind: 'error', text: notSaved(Object.keys(mine).length) });
      return focusFirstError();
    }
    setStatus({ kind: 'working', text: 'Saving…' });
    const answer = doc ? await calls.update(doc.id, doc.revision, body) : await calls.create(body);
    if (answer.ok) {
      setErrors({});
      show(answer.data);
      if (!doc) {
        history.replaceState(null, '', `/config/products/${encodeURIComponent(answer.data.id)}`);
        id.current = answer.data.id;
      }
      return setStatus({ kind: 'done', text: doc ? 'Saved.' : 'Product created.' });
    }
    if (answer.status === 409 && answer.code === 'PRODUCT_CHANGED') {
      // The server's message says what happened and that these changes are not saved.
      return setStatus({ kind: 'conflict', text: answer.message });
    }
    const placed = place(answer.fieldErrors);
    setErrors(placed.fields);
    setOtherErrors(Object.keys(answer.fieldErrors).length ? placed.other : [fail(answer)]);
    setStatus({
      kind: 'error',
      text: Object.keys(answer.fieldErrors).length ? notSaved(Object.keys(answer.fieldErrors).length) : `Not saved: ${answer.message}`,
    });
    if (Object.keys(placed.fields).length) focusFirstError();
  };

  const onReload = () => {
    setErrors({});
    setOtherErrors([]);
    setStatus(IDLE);
    setAttempt((n) => n + 1);
  };

  const onDuplicate = async () => {
    if (!doc) return;
    setStatus({ kind: 'working', text: 'Duplicating…' });
    const answer = await calls.duplicate(doc.id);
    if (!answer.ok) return setStatus({ kind: 'error', text: `Not duplicated: ${fail(answer)}` });
    setStatus({ kind: 'done', text: `Made a copy as a draft: ${answer.data.item.title}. Opening it…` });
    leaving.current = true;
    location.assign(`/config/products/${encodeURIComponent(answer.data.id)}`);
  };

  const onDelete = async (confirmed: boolean) => {
    if (!doc) return;
    if (!confirmed) return setConfirmingDelete(true);
    setConfirmingDelete(false);
    setStatus({ kind: 'working', text: 'Deleting…' });
    const answer = await calls.remove(doc.id);
    if (!answer.ok) return setStatus({ kind: 'error', text: `Not deleted: ${fail(answer)}` });
    setStatus({ kind: 'done', text: 'Deleted. Back to the products…' });
    leaving.current = true;
    location.assign('/config/products');
  };

  return (
    <EditorView
      language={context.language}
      currency={currency}
      choices={choices}
      draft={draft}
      saved={doc ? { id: doc.id, url: doc.url } : null}
      errors={errors}
      otherErrors={otherErrors}
      status={status}
      dirty={dirty}
      confirmingDelete={confirmingDelete}
      set={set}
      onSave={() => void onSave()}
      onReload={onReload}
      onDuplicate={() => void onDuplicate()}
      onDelete={(confirmed) => void onDelete(confirmed)}
      onCancelDelete={() => setConfirmingDelete(false)}
    />
  );
}

const notSaved = (n: number) => `Not saved: ${n === 1 ? 'one field needs' : `${n} fields need`} attention.`;

/** The errors on the page's fields: those it shows a control (or a place) for. */
function place(errors: Readonly<Record<string, string>>) {
  const known = new Set(SECTION_PATHS);
  for (const path of Object.keys(errors)) {
    // The path and each of its parents that has a control in the page.
    for (let at = path; at; at = at.replace(/(?:\[\d+\]|\.[^.[\]]+)$/, '') === at ? '' : at.replace(/(?:\[\d+\]|\.[^.[\]]+)$/, '')) {
      if (document.getElementById(fieldId(at))) known.add(at);
    }
  }
  return placeErrors(errors, known);
}
