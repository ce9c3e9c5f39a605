// The default theme compiles and renders with Tessera's engine: the tests every built-in theme shares
// (theme-suite.ts).
import { describeTheme } from './theme-suite.js';

await describeTheme('default', 'default theme', {
  first: '(min-width: 1240px) 644px, (min-width: 900px) calc(56vw - 54px), calc(80vw - 6px)',
  others: '(min-width: 1240px) 316px, (min-width: 900px) calc(28vw - 33px), calc(80vw - 6px)',
});
