// The form builder (/config/forms/<formId>/build): BuilderPage reads the form, holds the owner's
// unsaved version of it (name and definition), saves it with the revision it was read at (a 409
// opens a dialog that keeps the owner's work), deletes it after asking, and warns before leaving
// with unsaved changes; BuilderView draws.
import type { FormBuilderStep, FormFieldType } from '@tessera/core/enums';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type BuilderDefinition, type BuilderField, type BuilderForm, builderCalls } from './calls.js';
import { type Asking, BuilderDialogs } from './dialogs.js';
import type { FieldAction } from './field-list.js';
import { duplicateField, moveField, newField } from './fields.js';
import './form-builder.css';
import { BuilderView, stepOfError } from './view.js';

export interface BuilderContext extends StudioContext {
  readonly formId: string;
}

type LoadState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

/** Options as sent: each trimmed, the empty lines left while typing dropped. */
const cleaned = (d: BuilderDefinition): BuilderDefinition => ({
  ...d,
  fields: d.fields.map((f) => (Array.isArray(f.options) ? { ...f, options: (f.options as string[]).map((o) => o.trim()).filter((o) => o !== '') } : f)),
});

export default function BuilderPage({ context, api }: PageProps<BuilderContext>) {
  const calls = useMemo(() => builderCalls(api), [api]);
  const formKey = context.formId;
  const here = `/config/forms/${encodeURIComponent(formKey)}/build`;
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [saved, setSaved] = useState<BuilderForm | null>(null);
  const [name, setName] = useState('');
  const [definition, setDefinition] = useState<BuilderDefinition | null>(null);
  const [dirty, setDirty] = useState(false);
  const [step, setStep] = useState<FormBuilderStep>('build');
  const [selected, setSelected] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);

  const take = useCallback((form: BuilderForm) => {
    setSaved(form);
    setName(form.name);
    setDefinition(form.definition);
    setDirty(false);
    setErrors({});
  }, []);

  useEffect(() => {
    let current = true;
    void calls.read(formKey).then((answer) => {
      if (!current) return;
      if (answer.ok) {
        take(answer.data);
        return setLoad({ status: 'ready' });
      }
      if (answer.status === 401) return signInAgain(here);
      setLoad({ status: 'error', message: answer.status === 404 ? 'This form is not on the site.' : answer.message });
    });
    return () => {
      current = false;
    };
  }, [calls, formKey, here, take]);

  // Leaving with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (load.status !== 'ready' || !definition || !saved) {
    return (
      <div className={load.status === 'error' ? 'error-box' : 'status'} role={load.status === 'error' ? 'alert' : 'status'}>
        <p>{load.status === 'error' ? load.message : 'Loading the form…'}</p>
      </div>
    );
  }

  const edit = (next: BuilderDefinition, message = '') => {
    setDefinition(next);
    setDirty(true);
    setStatus(message);
  };
  const setFields = (fields: BuilderField[], message: string, select?: number) => {
    edit({ ...definition, fields }, message);
    if (select !== undefined) setSelected(Math.max(0, Math.min(select, fields.length - 1)));
  };
  const title = (i: number) => definition.fields[i]?.title || definition.fields[i]?.id || 'the field';

  const save = async (revision = saved.revision) => {
    setSaving(true);
    setStatus('Saving…');
    const answer = await calls.save(formKey, { revision, name, definition: cleaned(definition) });
    setSaving(false);
    if (answer.ok) {
      take(answer.data);
      setAsking(null);
      return setStatus('Saved.');
    }
    if (answer.status === 401) return signInAgain(here);
    if (answer.status === 409) {
      setStatus('Not saved: someone else saved this form.');
      return setAsking({ kind: 'conflict', message: answer.message, busy: false });
    }
    const fieldErrors = answer.fieldErrors ?? {};
    setErrors(fieldErrors);
    const first = Object.keys(fieldErrors)[0];
    if (first) {
      setStep(stepOfError(first));
      const m = /^definition\.fields\[(\d+)\]/.exec(first);
      if (m) setSelected(Number(m[1]));
    }
    setStatus(first ? `Not saved: ${fieldErrors[first]}` : `Not saved: ${answer.message}`);
  };

  const onFieldAction = (action: FieldAction, index: number) => {
    const fields = definition.fields;
    if (action === 'up' || action === 'down') {
      const to = action === 'up' ? index - 1 : index + 1;
      setFields(moveField(fields, index, to), `${title(index)} moved to place ${to + 1} of ${fields.length}.`, to);
    } else if (action === 'duplicate') setFields(duplicateField(fields, index), `${title(index)} duplicated.`, index + 1);
    else setAsking({ kind: 'field', index, title: title(index) });
  };

  const deleteForm = async (force: boolean) => {
    if (asking?.kind !== 'form') return;
    setAsking({ ...asking, busy: true });
    const answer = await calls.remove(formKey, force);
    if (answer.ok) {
      setDirty(false);
      setStatus('Form deleted.');
      // Nothing left to edit here: back to the list of forms.
      return location.assign('/config/forms');
    }
    if (answer.status === 401) return signInAgain(here);
    setAsking({ kind: 'form', inUse: answer.message, busy: false });
  };

  return (
    <>
      <BuilderView
        formKey={formKey}
        name={name}
        newsletter={saved.newsletter}
        definition={definition}
        step={step}
        selected={selected}
        errors={errors}
        status={status}
        saving={saving}
        dirty={dirty}
        onName={(v) => {
          setName(v);
          setDirty(true);
        }}
        onStep={setStep}
        onSelect={setSelected}
        onField={(i, f) =>
          setFields(
            definition.fields.map((x, j) => (j === i ? f : x)),
            '',
          )
        }
        onAddField={(type: FormFieldType) => {
          const field = newField(type, definition.fields);
          setFields([...definition.fields, field], `${field.title} field added at place ${definition.fields.length + 1}.`, definition.fields.length);
        }}
        onMove={(from, to) => setFields(moveField(definition.fields, from, to), `${title(from)} moved to place ${to + 1} of ${definition.fields.length}.`, to)}
        onFieldAction={onFieldAction}
        onChange={(key, value) => edit({ ...definition, [key]: value })}
        onSave={() => void save()}
        onDelete={() => setAsking({ kind: 'form', inUse: '', busy: false })}
      />
      <BuilderDialogs
        asking={asking}
        formName={saved.name}
        onClose={() => setAsking(null)}
        onDeleteField={(index) => {
          setAsking(null);
          setFields(
            definition.fields.filter((_, i) => i !== index),
            `${title(index)} deleted.`,
            index,
          );
        }}
        onDeleteForm={(force) => void deleteForm(force)}
        onReload={() => {
          void calls.read(formKey).then((answer) => {
            if (!answer.ok) return setStatus(`Not loaded: ${answer.message}`);
            take(answer.data);
            setAsking(null);
            setStatus('Loaded the version saved last.');
          });
        }}
        onOverwrite={() => {
          // The owner chose to replace the other version: save again from the revision saved now.
          void calls.read(formKey).then((answer) => (answer.ok ? save(answer.data.revision) : setStatus(`Not saved: ${answer.message}`)));
        }}
      />
    </>
  );
}
