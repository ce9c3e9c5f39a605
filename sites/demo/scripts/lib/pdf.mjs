// A real, small PDF (the digital product "The Brew Guide"): text pages in the built-in Helvetica
// fonts, with a correct cross-reference table so every reader opens it.

const pages = [
  {
    title: 'The Brew Guide',
    lines: [
      ['h2', 'Tessera Supply Co. - Hudson, New York'],
      ['p', ''],
      ['p', 'Good coffee at home needs three things: fresh beans, the right grind'],
      ['p', 'and a steady ratio. This guide gives you our starting points.'],
      ['p', 'Taste, adjust one thing at a time, and write down what you changed.'],
      ['p', ''],
      ['h2', 'The ratio'],
      ['p', '1 gram of coffee to 16 grams of water. 20 g of coffee makes one big mug.'],
      ['p', 'Weigh both: a scoop of light roast and a scoop of dark roast differ a lot.'],
      ['p', ''],
      ['h2', 'Water'],
      ['p', 'Just off the boil: 93 to 96 C for light roasts, 90 C for darker ones.'],
      ['p', 'Filtered tap water is fine. Distilled water makes flat coffee.'],
      ['p', ''],
      ['h2', 'Grind size'],
      ['p', 'Espresso: fine as table salt.     Pour-over: like coarse sand.'],
      ['p', 'French press: like sea salt.      Cold brew: coarse as breadcrumbs.'],
    ],
  },
  {
    title: 'Pour-over, step by step',
    lines: [
      ['p', '1. Rinse the paper filter with hot water and discard the water.'],
      ['p', '2. Add 20 g of coffee, ground medium-fine. Level the bed.'],
      ['p', '3. Bloom: pour 50 g of water, wait 40 seconds while the gas escapes.'],
      ['p', '4. Pour slowly in circles to 200 g by 1:15, then to 320 g by 2:00.'],
      ['p', '5. Let it draw down. Aim to finish between 3:00 and 3:30.'],
      ['p', ''],
      ['h2', 'If it tastes...'],
      ['p', 'Sour or thin: grind finer, or pour a little slower.'],
      ['p', 'Bitter or dry: grind coarser, or use slightly cooler water.'],
      ['p', ''],
      ['h2', 'French press'],
      ['p', '30 g coarse coffee, 480 g water. Stir at 1 minute, press at 4 minutes.'],
      ['p', ''],
      ['h2', 'Cold brew'],
      ['p', '100 g coarse coffee, 1 litre cold water. Steep 14 hours in the fridge,'],
      ['p', 'filter, and dilute 1:1 with water or milk. Keeps for a week.'],
      ['p', ''],
      ['p', 'Questions? Write to hello@tessera-supply.example - we answer every email.'],
    ],
  },
];

const escapeText = (s) => s.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');

function pageStream({ title, lines }) {
  let y = 760;
  const ops = ['BT', '/F2 26 Tf', `72 ${y} Td`, `(${escapeText(title)}) Tj`, 'ET'];
  y -= 40;
  for (const [kind, line] of lines) {
    const font = kind === 'h2' ? '/F2 14 Tf' : '/F1 11 Tf';
    y -= kind === 'h2' ? 22 : 17;
    if (line) ops.push('BT', font, `72 ${y} Td`, `(${escapeText(line)}) Tj`, 'ET');
  }
  return ops.join('\n');
}

export function brewGuidePdf() {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids = [];
  for (const page of pages) {
    const stream = pageStream(page);
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add('<< /Title (The Brew Guide) /Author (Tessera Supply Co.) >>');

  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
