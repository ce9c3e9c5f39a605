// Deterministic data for the 200-product grid benchmark.

const WORDS = [
  'Linen',
  'Canvas',
  'Oak',
  'Ceramic',
  'Wool',
  'Copper',
  'Indigo',
  'Stoneware',
  'Walnut',
  'Cotton',
  'Market',
  'Field',
  'Harbor',
  'Studio',
  'Garden',
  'Tote',
  'Mug',
  'Blanket',
  'Lamp',
  'Bowl',
  'Apron',
  'Print',
];

function rng(seed) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

// A money object as page contexts carry it: the amount as a decimal string, its currency, and a ready text.
function money(cents) {
  const value = (cents / 100).toFixed(2);
  return { value, currency: 'USD', display: `$${value}` };
}

const DAY_MS = 86_400_000;
// 2019-01-01 UTC: the dates span several years, so they cross daylight-saving changes both ways.
const FIRST_DAY = Date.UTC(2019, 0, 1);

export function gridData(count = 200) {
  const r = rng(42);
  const pick = (list) => list[Math.floor(r() * list.length)];
  // The formatted grid's fields draw from their own sequence, so the plain grid's data stays as it was.
  const f = rng(7);
  const items = [];
  for (let i = 0; i < count; i++) {
    const title = `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} No. ${i + 1}`;
    const price = 500 + Math.floor(r() * 20000);
    const onSale = r() < 0.25;
    const stock = Math.floor(r() * 12);
    items.push({
      id: `p${String(i).padStart(5, '0')}`,
      title: i % 17 === 0 ? `${title} <Limited> & "Signed"` : title,
      onSale,
      stock,
      variantCount: 1 + Math.floor(r() * 4),
      price: money(price),
      salePrice: money(Math.floor(price * 0.8)),
      rating: Math.round(r() * 50) / 10,
      mainImage:
        i % 11 === 5
          ? null
          : {
              assetUrl: `https://images.example.com/${i}/${title.toLowerCase().replace(/ /g, '-')}.jpg`,
              altText: `${title} photographed on a table`,
              originalSize: `${1000 + (i % 7) * 100}x${800 + (i % 5) * 100}`,
            },
      badges: onSale ? [{ kind: 'sale', label: 'Sale' }, ...(i % 3 === 0 ? [{ kind: 'new', label: 'New' }] : [])] : [],
      excerpt: `<p>${Array.from({ length: 12 }, () => pick(WORDS).toLowerCase()).join(' ')} — made by hand in small batches.</p>`,
      tags: Array.from({ length: Math.floor(r() * 4) }, () => pick(WORDS).toLowerCase()),
      summary: { id: i, title, price },
      // Read by the formatted grid only (bench/product-grid-formatted.html).
      addedOn: FIRST_DAY + Math.floor(f() * 6 * 365) * DAY_MS + Math.floor(f() * DAY_MS),
      updatedOn: FIRST_DAY + Math.floor(f() * 6 * 365 * DAY_MS),
      reviewCount: Math.floor(f() * 3) === 0 ? 1 : Math.floor(f() * 40),
    });
  }
  return {
    collection: {
      id: 'c1',
      title: 'Shop All',
      columns: 4,
      description: '<p>Everything we make, from the studio to your table. Small batches, natural materials, made to last and to be used every day.</p>',
    },
    soldOut: { kind: 'sold-out', label: 'Sold Out' },
    items,
    pagination: { nextPage: true, nextPageUrl: '/shop?page=2&sort=new' },
  };
}
