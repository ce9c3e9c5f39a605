// The products import page (/config/products/import): ImportPage reads the chosen CSV, sends it for a
// dry run at once, keeps the answer, and imports the same text only when the dry run found no error;
// ImportView draws.
import { useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { importCsv } from './calls.js';
import { ImportView, type Phase } from './view.js';

const PATH = '/config/products/import';
/** The largest file the server takes (413 above it): a 5,000-product catalogue is far smaller. */
const MAX_BYTES = 10 * 1024 * 1024;

export default function ImportPage({ context }: PageProps<StudioContext>) {
  const [phase, setPhase] = useState<Phase>({ kind: 'empty' });
  const [csv, setCsv] = useState('');

  const onFile = async (file: File) => {
    if (file.size > MAX_BYTES)
      return setPhase({ kind: 'failed', fileName: file.name, message: 'This file is larger than 10 MB: split it into several files.' });
    setPhase({ kind: 'checking', fileName: file.name });
    let text: string;
    try {
      text = await readText(file);
    } catch {
      return setPhase({ kind: 'failed', fileName: file.name, message: 'This file could not be read. Choose it again.' });
    }
    setCsv(text);
    const answer = await importCsv(text, true);
    if (answer.ok) return setPhase({ kind: 'checked', fileName: file.name, answer: answer.data });
    if (answer.status === 401) return signInAgain(PATH);
    setPhase({ kind: 'failed', fileName: file.name, message: answer.message });
  };

  const onImport = async () => {
    if (phase.kind !== 'checked') return;
    const { fileName } = phase;
    setPhase({ ...phase, kind: 'importing' });
    const answer = await importCsv(csv, false);
    if (answer.ok) {
      // Rows that failed now (the shop changed since the check) come back like a dry run's: nothing was written.
      return setPhase(answer.data.written ? { kind: 'imported', fileName, answer: answer.data } : { kind: 'checked', fileName, answer: answer.data });
    }
    if (answer.status === 401) return signInAgain(PATH);
    setPhase({ kind: 'failed', fileName, message: answer.message, answer: phase.answer });
  };

  return (
    <ImportView
      language={context.language}
      phase={phase}
      onFile={(f) => void onFile(f)}
      onImport={() => void onImport()}
      onAgain={() => setPhase({ kind: 'empty' })}
    />
  );
}

/** The file's text, read as UTF-8 (FileReader: every browser has it, and so do test pages). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}
