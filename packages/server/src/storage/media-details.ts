import type { MediaDetails } from '../site-dir/types.js';

/** The columns media.json sets on an asset's row: only those it gives. */
export function mediaColumns(details: MediaDetails) {
  return {
    ...(details.name !== undefined ? { display_name: details.name } : {}),
    ...(details.alt !== undefined ? { alt: details.alt } : {}),
    ...(details.title !== undefined ? { title: details.title } : {}),
    ...(details.focalPoint !== undefined ? { focal_x: details.focalPoint.x, focal_y: details.focalPoint.y } : {}),
  };
}

/** An asset row's library details as media.json writes them; null when it has none worth writing. */
export function mediaDetailsOf(row: {
  display_name: string | null;
  alt: string;
  title: string;
  focal_x: number | null;
  focal_y: number | null;
}): MediaDetails | null {
  const details: MediaDetails = {};
  if (row.display_name) details.name = row.display_name;
  if (row.alt) details.alt = row.alt;
  if (row.title) details.title = row.title;
  if (row.focal_x !== null && row.focal_y !== null) details.focalPoint = { x: row.focal_x, y: row.focal_y };
  return Object.keys(details).length > 0 ? details : null;
}
