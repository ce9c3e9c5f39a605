// The preview of unsaved changes: each change asks the server for the CSS of the styles with the
// changes (POST /api/owner/design/preview) at most this long after the last one; only the answer to
// the latest request is used, so a slow answer never overwrites a newer one.
import { useEffect, useRef, useState } from 'react';
import type { Changes, Design, DesignCalls, DesignPreview } from './calls.js';

const PREVIEW_DEBOUNCE_MS = 40;

export function usePreview(
  calls: DesignCalls,
  design: Design | null,
  changes: Changes,
  onAnswer: (answer: DesignPreview) => void,
): { preview: DesignPreview | null; problem: string } {
  const [preview, setPreview] = useState<DesignPreview | null>(null);
  const [problem, setProblem] = useState('');
  const latest = useRef(0);
  const answered = useRef(onAnswer);
  answered.current = onAnswer;

  useEffect(() => {
    const ask = ++latest.current;
    if (!design || Object.keys(changes).length === 0) {
      // Nothing unsaved: the page shows the saved styles, which the design read carries.
      setPreview(null);
      setProblem('');
      return;
    }
    const timer = setTimeout(async () => {
      const answer = await calls.preview(changes);
      if (ask !== latest.current) return;
      if (!answer.ok) {
        setProblem(`The preview could not be updated: ${answer.message}`);
        return;
      }
      setProblem('');
      setPreview(answer.data);
      answered.current(answer.data);
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [calls, design, changes]);

  return { preview, problem };
}
