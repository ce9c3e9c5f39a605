// The default theme's page layouts: the tests every built-in theme shares (layout-suite.ts).
import { describeLayouts } from './layout-suite.js';

await describeLayouts('default', 'the default theme:');
