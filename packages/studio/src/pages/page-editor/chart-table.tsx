// A chart's dataset as a small table: the first column names each row, the others are numbers. The
// spec's dataset messages show beside it (from the layout's own checks).
import { CHART_MAX_ROWS } from '@tessera/core/layout';

export interface ChartTableProps {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  onChange(columns: string[], rows: string[][]): void;
  readonly errors: readonly string[];
}

export function ChartTable({ columns, rows, onChange, errors }: ChartTableProps) {
  const cols = [...columns];
  const body = rows.map((r) => [...r]);
  const setCell = (ri: number, ci: number, value: string) => {
    const next = body.map((r) => [...r]);
    while (next[ri]!.length <= ci) next[ri]!.push('');
    next[ri]![ci] = value;
    onChange(cols, next);
  };
  return (
    <div className="chart-editor">
      <div className="table-scroll">
        <table className="chart-dataset">
          <caption>Dataset</caption>
          <thead>
            <tr>
              {cols.map((c, ci) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells and entries are edited in place; their place is their identity
                <th key={ci} scope="col">
                  <input
                    aria-label={`Column ${ci + 1} name`}
                    value={c}
                    onChange={(e) =>
                      onChange(
                        cols.map((x, i) => (i === ci ? e.target.value : x)),
                        body,
                      )
                    }
                  />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {body.map((row, ri) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells and entries are edited in place; their place is their identity
              <tr key={ri}>
                {cols.map((_, ci) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells and entries are edited in place; their place is their identity
                  <td key={ci}>
                    <input
                      aria-label={`Row ${ri + 1}, ${cols[ci] || `column ${ci + 1}`}`}
                      inputMode={ci === 0 ? undefined : 'decimal'}
                      value={row[ci] ?? ''}
                      onChange={(e) => setCell(ri, ci, e.target.value)}
                    />
                  </td>
                ))}
                <td>
                  <button
                    type="button"
                    className="button-secondary"
                    onClick={() =>
                      onChange(
                        cols,
                        body.filter((_, i) => i !== ri),
                      )
                    }>
                    Remove<span className="visually-hidden"> row {ri + 1}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="editor-actions">
        <button
          type="button"
          className="button-secondary"
          disabled={body.length >= CHART_MAX_ROWS}
          onClick={() => onChange(cols, [...body, cols.map(() => '')])}>
          Add row
        </button>
        <button
          type="button"
          className="button-secondary"
          onClick={() =>
            onChange(
              [...cols, `Series ${cols.length}`],
              body.map((r) => [...r, '']),
            )
          }>
          Add column
        </button>
        <button
          type="button"
          className="button-secondary"
          disabled={cols.length === 0}
          onClick={() =>
            onChange(
              cols.slice(0, -1),
              body.map((r) => r.slice(0, cols.length - 1)),
            )
          }>
          Remove last column
        </button>
      </div>
      {errors.map((e) => (
        <p key={e} className="field-error">
          {e}
        </p>
      ))}
    </div>
  );
}
