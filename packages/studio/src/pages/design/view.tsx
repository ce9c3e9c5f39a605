// What the design page draws, from props: the tool bar (undo, redo, save, reset, the screen size
// and the page shown), the panel beside the live preview (on a phone one at a time), the status
// line read out by screen readers, and the confirmations.
import type { KeyboardEvent, RefObject } from 'react';
import { Dialog } from '../../ui/dialog.js';
import type { Design, PreviewPage } from './calls.js';
import type { FieldContext } from './fields.js';
import { DesignPanel, type Screen } from './panel.js';
import { DesignPreviewFrame } from './preview.js';

export type DesignDialog = 'reset' | 'switch' | 'conflict' | null;

/** The pages the preview offers: the site's kinds of page, then its special pages; any other address can be typed. */
const PREVIEW_PAGES: readonly PreviewPage[] = [
  { kind: 'home', path: '/', label: 'Home' },
  { kind: 'shop', path: '/shop', label: 'Shop' },
  { kind: 'blog', path: '/journal', label: 'Blog' },
  { kind: 'cart', path: '/cart', label: 'Cart' },
];
/** What a server that names no special pages offers besides. */
const CHECKOUT_ONLY: readonly PreviewPage[] = [{ kind: 'checkout', path: '/checkout', label: 'Checkout' }];

interface DesignActions {
  undo(): void;
  redo(): void;
  save(): void;
  askReset(): void;
  reset(): void;
  askSwitch(): void;
  switchTheme(): void;
  reload(): void;
  closeDialog(): void;
  showPane(pane: 'panel' | 'preview'): void;
}

export interface DesignViewProps {
  readonly design: Design;
  readonly ctx: FieldContext;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly dirty: boolean;
  readonly busy: boolean;
  readonly status: string;
  readonly problem: string;
  readonly dialog: DesignDialog;
  readonly conflict: string;
  readonly screen: Screen;
  readonly page: string;
  readonly pane: 'panel' | 'preview';
  readonly chosenTheme: string;
  readonly frame: RefObject<HTMLIFrameElement | null>;
  readonly frameKey: number;
  readonly css: string;
  readonly listener?: string | null;
  onKeyDown(event: KeyboardEvent): void;
  onScreen(screen: Screen): void;
  onPage(page: string): void;
  onChooseTheme(name: string): void;
  onFrameLoaded(): void;
  readonly actions: DesignActions;
}

function Toggle<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange(v: T): void;
  className?: string;
}) {
  return (
    <fieldset className={`editor-toggle${className ? ` ${className}` : ''}`}>
      <legend className="visually-hidden">{label}</legend>
      {options.map(([v, text]) => (
        <button key={v} type="button" className="button-secondary" aria-pressed={value === v} onClick={() => onChange(v)}>
          {text}
        </button>
      ))}
    </fieldset>
  );
}

function PagePicker({ page, special, onPage }: { page: string; special: readonly PreviewPage[]; onPage(page: string): void }) {
  const pages = [...PREVIEW_PAGES, ...special];
  const known = pages.some((p) => p.path === page);
  return (
    <div className="design-page-picker">
      <label htmlFor="design-preview-page">Page</label>
      <select
        id="design-preview-page"
        value={known ? page : 'other'}
        onChange={(event) => event.currentTarget.value !== 'other' && onPage(event.currentTarget.value)}>
        {pages.map((p) => (
          <option key={p.path} value={p.path}>
            {p.label}
          </option>
        ))}
        <option value="other">Another page…</option>
      </select>
      <form
        className="design-page-address"
        onSubmit={(event) => {
          event.preventDefault();
          const typed = String(new FormData(event.currentTarget).get('address') ?? '').trim();
          if (typed) onPage(typed.startsWith('/') ? typed : `/${typed}`);
        }}>
        <label htmlFor="design-preview-address">Address</label>
        <input id="design-preview-address" name="address" type="text" defaultValue={known ? '' : page} placeholder="/shop/a-product" />
        <button type="submit" className="button-secondary">
          Show
        </button>
      </form>
    </div>
  );
}

export function DesignView(props: DesignViewProps) {
  const { design, actions, dialog } = props;
  const chosen = design.themes.find((t) => t.name === props.chosenTheme);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the page's undo and redo shortcuts, as in the page editor; every action has its button
    <div className="design-page" data-pane={props.pane} onKeyDown={props.onKeyDown}>
      <div className="editor-bar design-bar">
        <button type="button" className="button-secondary" onClick={actions.undo} disabled={!props.canUndo}>
          Undo
        </button>
        <button type="button" className="button-secondary" onClick={actions.redo} disabled={!props.canRedo}>
          Redo
        </button>
        <button type="button" onClick={actions.save} disabled={!props.dirty || props.busy}>
          Save
        </button>
        <button type="button" className="button-secondary" onClick={actions.askReset} disabled={props.busy}>
          Reset all
        </button>
        <p className="editor-save" role="status" aria-live="polite">
          {props.status || (props.dirty ? 'Changes not saved yet' : `Theme: ${design.theme.label}`)}
        </p>
        <Toggle
          label="Screen size"
          value={props.screen}
          options={[
            ['desktop', 'Desktop'],
            ['mobile', 'Phone'],
          ]}
          onChange={props.onScreen}
        />
        <Toggle
          label="Show"
          className="design-pane-toggle"
          value={props.pane}
          options={[
            ['panel', 'Edit'],
            ['preview', 'Preview'],
          ]}
          onChange={actions.showPane}
        />
      </div>
      <div className="design-panes">
        <div className="design-edit">
          <DesignPanel
            design={design}
            ctx={props.ctx}
            screen={props.screen}
            chosen={props.chosenTheme}
            onChoose={props.onChooseTheme}
            onSwitch={actions.askSwitch}
          />
        </div>
        <div className="design-preview-pane">
          <PagePicker page={props.page} special={design.previewPages ?? CHECKOUT_ONLY} onPage={props.onPage} />
          {props.problem && (
            <p className="field-hint" role="status">
              {props.problem}
            </p>
          )}
          <DesignPreviewFrame
            key={`${props.frameKey}`}
            frame={props.frame}
            page={props.page}
            width={props.screen === 'mobile' ? 'phone' : 'desktop'}
            css={props.css}
            listener={props.listener}
            onLoaded={props.onFrameLoaded}
          />
        </div>
      </div>
      <Dialog open={dialog === 'reset'} title="Reset every style?" onClose={actions.closeDialog}>
        <p>Every colour, font and setting goes back to the theme's default{props.dirty ? ', and your unsaved changes are dropped' : ''}.</p>
        <div className="dialog-buttons">
          <button type="button" className="button-danger" onClick={actions.reset} disabled={props.busy}>
            Reset
          </button>
          <button type="button" className="button-secondary" onClick={actions.closeDialog} data-autofocus>
            Cancel
          </button>
        </div>
      </Dialog>
      <Dialog open={dialog === 'switch'} title={`Switch to ${chosen?.label ?? props.chosenTheme}?`} onClose={actions.closeDialog}>
        <p>Your pages, products and posts stay; the new theme's styles apply.</p>
        {props.dirty && <p>Your unsaved style changes are dropped.</p>}
        <div className="dialog-buttons">
          <button type="button" onClick={actions.switchTheme} disabled={props.busy}>
            Switch
          </button>
          <button type="button" className="button-secondary" onClick={actions.closeDialog} data-autofocus>
            Cancel
          </button>
        </div>
      </Dialog>
      <Dialog open={dialog === 'conflict'} title="The styles were changed elsewhere" onClose={actions.closeDialog}>
        <p>{props.conflict}</p>
        <p>Your changes stay here. Reload loads the version saved meanwhile with your changes on top; then save again.</p>
        <div className="dialog-buttons">
          <button type="button" onClick={actions.reload} data-autofocus>
            Reload
          </button>
          <button type="button" className="button-secondary" onClick={actions.closeDialog}>
            Keep editing
          </button>
        </div>
      </Dialog>
    </div>
  );
}
