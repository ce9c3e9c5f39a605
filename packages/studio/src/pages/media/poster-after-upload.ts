// After a video's upload: its poster, a frame the browser takes from the file it still has (capture.ts),
// sent to the server as the video's poster. A browser that cannot decode the file leaves it without
// one, and says so: the owner may choose or upload one in its edit dialog.
import type { MediaAsset } from './calls.js';
import { captureFrame } from './capture.js';
import { sendPoster } from './video-calls.js';

export async function posterAfterUpload(asset: MediaAsset, file: File): Promise<{ kind: 'ok' | 'error'; text: string } | null> {
  if (asset.kind !== 'video' || asset.poster) return null;
  try {
    const frame = await captureFrame(file);
    const sent = await sendPoster(asset.id, frame, `${asset.name.replace(/\.[^.]*$/, '')}-poster.jpg`);
    if (sent.ok) return null;
    return { kind: 'error', text: `${asset.name} was uploaded, but its poster was not saved: ${sent.message}` };
  } catch {
    return { kind: 'error', text: `${asset.name} was uploaded; this browser could not take a frame from it: choose a poster in its Edit dialog.` };
  }
}
