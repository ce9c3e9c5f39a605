// Atelier's page layouts: the tests every built-in theme shares (themes/default/test/layout-suite.ts).
import { describeLayouts } from '../../default/test/layout-suite.js';

await describeLayouts('atelier', 'Atelier:');
