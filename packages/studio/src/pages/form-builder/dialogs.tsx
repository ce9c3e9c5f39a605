// The builder's dialogs: a field or the whole form to delete (asked before), and a save refused
// because someone saved the form since it was read (the owner's work stays in the page).
import { Dialog } from '../../ui/dialog.js';

export type Asking =
  | null
  | { kind: 'field'; index: number; title: string }
  | { kind: 'form'; inUse: string; busy: boolean }
  | { kind: 'conflict'; message: string; busy: boolean };

export interface BuilderDialogsProps {
  readonly asking: Asking;
  readonly formName: string;
  onClose(): void;
  onDeleteField(index: number): void;
  onDeleteForm(force: boolean): void;
  onReload(): void;
  onOverwrite(): void;
}

export function BuilderDialogs({ asking, formName, onClose, onDeleteField, onDeleteForm, onReload, onOverwrite }: BuilderDialogsProps) {
  if (!asking) return null;
  if (asking.kind === 'field') {
    return (
      <Dialog open title={`Delete the field ${asking.title}?`} onClose={onClose}>
        <p>The field leaves the form when you save. Answers already sent keep it.</p>
        <div className="dialog-buttons">
          <button type="button" className="button-danger" onClick={() => onDeleteField(asking.index)}>
            Delete field
          </button>
          <button type="button" className="button-secondary" data-autofocus onClick={onClose}>
            Cancel
          </button>
        </div>
      </Dialog>
    );
  }
  if (asking.kind === 'form') {
    return (
      <Dialog open title={`Delete the form ${formName}?`} onClose={onClose}>
        {asking.inUse ? (
          <p className="dialog-error" role="alert">
            {asking.inUse}
          </p>
        ) : (
          <p>Pages showing it will show nothing in its place. Its submissions stay in the studio.</p>
        )}
        <div className="dialog-buttons">
          <button type="button" className="button-danger" disabled={asking.busy} onClick={() => onDeleteForm(asking.inUse !== '')}>
            {asking.inUse ? 'Delete it anyway' : 'Delete form'}
          </button>
          <button type="button" className="button-secondary" data-autofocus onClick={onClose}>
            Cancel
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog open title="This form changed" onClose={onClose}>
      <p>{asking.message}</p>
      <div className="dialog-buttons">
        <button type="button" className="button-secondary" disabled={asking.busy} onClick={onReload}>
          Load their version
        </button>
        <button type="button" disabled={asking.busy} onClick={onOverwrite}>
          Save mine over theirs
        </button>
        <button type="button" className="button-secondary" data-autofocus onClick={onClose}>
          Keep editing
        </button>
      </div>
    </Dialog>
  );
}
