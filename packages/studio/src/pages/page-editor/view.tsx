// What the page editor draws, from props: the publication bar, the presence banner, the tool bar
// (undo, redo, the save's state, the preview's width), the outline with the selected item's settings
// beside the live preview (on a phone one pane at a time), and the dialogs.
import type { Api } from '@tessera/core/api-client';
import { BREAKPOINTS, type BlockKind, type LayoutBlock, type LayoutSection } from '@tessera/core/layout';
import { type RefObject, useState } from 'react';
import { Dialog } from '../../ui/dialog.js';
import { BlockSettingsPanel } from './block-settings.js';
import type { Author, Content, ContentDocument, Person, Revision, SiteChoices } from './calls.js';
import { findBlock, type Selection } from './doc.js';
import { TextField } from './fields.js';
import { ItemFieldsPanel } from './item-fields.js';
import { LazyRichText } from './lazy-rich-text.js';
import { Outline, type OutlineRow } from './outline.js';
import { Preview } from './preview.js';
import { HistoryDialog, PublishBar, ScheduleDialog } from './publish.js';
import { SectionSettingsPanel } from './section-settings.js';
import type { SaveState } from './use-autosave.js';

interface EditorActions {
  undo(): void;
  redo(): void;
  addSection(): void;
  openPicker(): void;
  pick(kind: BlockKind): void;
  duplicate(): void;
  askDelete(): void;
  remove(): void;
  move(by: -1 | 1): void;
  drop(activeKey: string, overKey: string): void;
  changeSection(section: LayoutSection, field: string): void;
  changeBlock(block: LayoutBlock, field: string): void;
  changePage(doc: ContentDocument, field: string, said?: string): void;
  openSettings(): void;
  publish(publishOn?: string): void;
  unpublish(): void;
  openHistory(): void;
  restore(revision: number): void;
  reload(): void;
  keepMine(): void;
}

export interface EditorViewProps {
  readonly api: Api;
  readonly itemId: string;
  readonly content: Content;
  readonly doc: ContentDocument;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly rows: readonly OutlineRow[];
  readonly selection: Selection;
  readonly errors: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly choices: SiteChoices;
  readonly android: boolean;
  readonly save: SaveState;
  readonly warnings: readonly string[];
  readonly announce: string;
  readonly editors: readonly Person[];
  readonly conflict: string | null;
  readonly status: { status: string; publishOn: string | number | null };
  readonly busy: boolean;
  readonly dialog: 'picker' | 'delete' | 'schedule' | 'history' | null;
  readonly refused: string;
  readonly publishProblem: string;
  readonly revisions: Revision[] | null;
  readonly historyProblem: string;
  readonly timeZone: string;
  /** The staff a post's author is chosen among (null while loading; unused for a page). */
  readonly authors?: readonly Author[] | null;
  readonly language: string;
  readonly settingsRef: RefObject<HTMLDivElement | null>;
  onSelect(selection: Selection): void;
  onCloseDialog(): void;
  onOpenSchedule(): void;
  readonly actions: EditorActions;
}

const SAVE_TEXT: Record<SaveState['kind'], string> = { idle: '', pending: 'Changes not saved yet', saving: 'Saving…', saved: 'Saved', error: '' };

/** "Ada Lovelace is also editing this page." (or "Ada Lovelace and Alan Turing are ..."). */
function presenceMessage(editors: readonly Person[]): string {
  if (editors.length === 0) return '';
  const names = editors.map((e) => e.name);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${list} ${names.length === 1 ? 'is' : 'are'} also editing this page.`;
}

export function EditorView(props: EditorViewProps) {
  const { doc, selection, actions, save, errors } = props;
  // The preview starts at the width of the screen the owner holds: a phone's owner sees the phone layout first.
  const [width, setWidth] = useState<'phone' | 'desktop'>(() =>
    typeof matchMedia === 'function' && matchMedia(`(max-width: ${BREAKPOINTS.mobileMax}px)`).matches ? 'phone' : 'desktop',
  );
  const [pane, setPane] = useState<'edit' | 'preview'>('edit');
  const section = selection ? doc.sections.find((s) => s.id === selection.section) : undefined;
  const found = selection?.block ? findBlock(doc, selection.block) : null;
  const presence = presenceMessage(props.editors);
  const what = selection?.block ? 'block' : 'section';
  const kind = props.content.kind;
  const item = kind === 'post' || kind === 'event' ? kind : null;
  // A post or an event goes back to its list, a page to the pages.
  const back = item
    ? { href: `/config/pages/collections/${encodeURIComponent(props.content.collectionId)}`, text: item === 'post' ? 'All posts' : 'All events' }
    : null;
  return (
    <div className="page-editor" data-pane={pane}>
      <div className="editor-top">
        <p className="back-link">
          <a href={back?.href ?? '/config/pages'}>{back?.text ?? 'All pages'}</a>
        </p>
        <PublishBar
          status={props.status.status}
          publishOn={props.status.publishOn}
          timeZone={props.timeZone}
          language={props.language}
          busy={props.busy}
          showDate={item === 'post'}
          onPublish={() => actions.publish()}
          onSchedule={props.onOpenSchedule}
          onUnpublish={actions.unpublish}
          onHistory={actions.openHistory}
        />
      </div>
      {props.publishProblem && (
        <p className="field-error" role="alert">
          {props.publishProblem}
        </p>
      )}
      {presence && (
        <p className="notice editor-presence" role="status">
          {presence}
        </p>
      )}
      <div className="editor-bar">
        <button type="button" className="button-secondary" disabled={!props.canUndo} onClick={actions.undo} aria-keyshortcuts="Control+Z Meta+Z">
          Undo
        </button>
        <button
          type="button"
          className="button-secondary"
          disabled={!props.canRedo}
          onClick={actions.redo}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y">
          Redo
        </button>
        <p role="status" className={`editor-save${save.kind === 'error' ? ' status-error' : ''}`}>
          {save.kind === 'error' ? save.message : SAVE_TEXT[save.kind]}
        </p>
        <fieldset className="editor-toggle editor-pane-toggle">
          <legend className="visually-hidden">Show</legend>
          <button type="button" className="button-secondary" aria-pressed={pane === 'edit'} onClick={() => setPane('edit')}>
            Edit
          </button>
          <button type="button" className="button-secondary" aria-pressed={pane === 'preview'} onClick={() => setPane('preview')}>
            Preview
          </button>
        </fieldset>
        <fieldset className="editor-toggle">
          <legend className="visually-hidden">Preview width</legend>
          <button type="button" className="button-secondary" aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>
            Phone
          </button>
          <button type="button" className="button-secondary" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>
            Desktop
          </button>
        </fieldset>
      </div>
      {props.warnings.map((w) => (
        <p key={w} className="notice">
          {w}
        </p>
      ))}
      <div className="editor-panes">
        <section className="editor-edit" aria-label="Page structure and settings">
          <div className="editor-actions" role="group" aria-label="Outline actions">
            <button type="button" onClick={actions.openPicker}>
              Add block
            </button>
            <button type="button" className="button-secondary" onClick={actions.addSection}>
              Add section
            </button>
            <button type="button" className="button-secondary" disabled={!selection} onClick={() => actions.move(-1)} aria-keyshortcuts="Alt+ArrowUp">
              Move up
            </button>
            <button type="button" className="button-secondary" disabled={!selection} onClick={() => actions.move(1)} aria-keyshortcuts="Alt+ArrowDown">
              Move down
            </button>
            <button type="button" className="button-secondary" disabled={!selection} onClick={actions.duplicate}>
              Duplicate
            </button>
            <button type="button" className="button-secondary" disabled={!selection} onClick={actions.askDelete} aria-keyshortcuts="Delete">
              Delete
            </button>
            <button type="button" className="button-secondary" aria-pressed={!selection} onClick={() => props.onSelect(null)}>
              {item === 'post' ? 'Post settings' : item === 'event' ? 'Event settings' : 'Page title and excerpt'}
            </button>
          </div>
          {Object.entries(errors[''] ?? {}).map(([path, message]) => (
            <p key={path} className="field-error" role="alert">
              {message}
            </p>
          ))}
          {props.refused && props.dialog !== 'picker' && (
            <p className="field-error" role="alert">
              {props.refused}
            </p>
          )}
          <Outline
            rows={props.rows}
            selection={selection}
            onSelect={props.onSelect}
            onMove={actions.move}
            onDrop={actions.drop}
            onDelete={actions.askDelete}
            onOpenSettings={actions.openSettings}
          />
          <div ref={props.settingsRef} className="editor-panel">
            {found ? (
              <BlockSettingsPanel
                key={found.block.id}
                block={found.block}
                columns={found.section.columns}
                errors={errors[found.block.id] ?? {}}
                choices={props.choices}
                api={props.api}
                canEditCode={props.content.canEditCode}
                android={props.android}
                onChange={actions.changeBlock}
              />
            ) : section ? (
              <SectionSettingsPanel
                key={section.id}
                section={section}
                index={doc.sections.indexOf(section)}
                errors={errors[section.id] ?? {}}
                onChange={actions.changeSection}
              />
            ) : (
              <div className="editor-settings">
                <h2>{item === 'post' ? 'Post' : item === 'event' ? 'Event' : 'Page'}</h2>
                <TextField label="Title" value={doc.title} error={errors['']?.title} onChange={(title) => actions.changePage({ ...doc, title }, 'title')} />
                <LazyRichText
                  label="Excerpt"
                  html={doc.excerpt}
                  error={errors['']?.excerpt}
                  onChange={(excerpt) => actions.changePage({ ...doc, excerpt }, 'excerpt')}
                />
                {item && (
                  <ItemFieldsPanel
                    api={props.api}
                    kind={item}
                    doc={doc}
                    authors={props.authors ?? null}
                    siteZone={props.timeZone}
                    errors={errors[''] ?? {}}
                    onChange={actions.changePage}
                  />
                )}
              </div>
            )}
          </div>
        </section>
        <section className="editor-preview-pane" aria-label="Live preview">
          <Preview
            itemId={props.itemId}
            document={doc}
            width={width}
            selectedBlock={selection?.block}
            onSelectBlock={(block) => {
              const at = findBlock(doc, block);
              if (at) props.onSelect({ section: at.section.id, block });
            }}
          />
        </section>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {props.announce}
      </p>
      <BlockPickerSlot {...props} />
      <Dialog open={props.dialog === 'delete'} title={`Delete this ${what}?`} onClose={props.onCloseDialog}>
        <p>
          {selection?.block ? 'The block and its settings are removed from the page.' : 'The section and every block in it are removed from the page.'} Undo
          brings it back.
        </p>
        <div className="dialog-buttons">
          <button type="button" onClick={actions.remove}>
            Delete {what}
          </button>
          <button type="button" className="button-secondary" onClick={props.onCloseDialog} data-autofocus>
            Keep it
          </button>
        </div>
      </Dialog>
      {props.dialog === 'schedule' && (
        <ScheduleDialog
          open
          timeZone={props.timeZone}
          initial={props.status.status === 'scheduled' || (item === 'post' && props.status.status === 'published') ? props.status.publishOn : null}
          backDate={item === 'post'}
          error={props.publishProblem}
          onSchedule={(iso) => actions.publish(iso)}
          onClose={props.onCloseDialog}
        />
      )}
      <HistoryDialog
        open={props.dialog === 'history'}
        revisions={props.revisions}
        problem={props.historyProblem}
        language={props.language}
        timeZone={props.timeZone}
        onRestore={actions.restore}
        onClose={props.onCloseDialog}
      />
      <Dialog open={props.conflict !== null} title="This page was changed elsewhere" onClose={actions.keepMine}>
        <p role="alert">{props.conflict}</p>
        <div className="dialog-buttons">
          <button type="button" onClick={actions.reload}>
            Reload
          </button>
          <button type="button" className="button-secondary" onClick={actions.keepMine}>
            Keep my version here
          </button>
        </div>
      </Dialog>
    </div>
  );
}

import { BlockPicker } from './picker.js';

function BlockPickerSlot(props: EditorViewProps) {
  return <BlockPicker open={props.dialog === 'picker'} refused={props.refused} onPick={props.actions.pick} onClose={props.onCloseDialog} />;
}
