// A video's poster taken in the browser: the video (the file just uploaded, or the library's copy)
// seeked to a tenth of its length, or to 1 s when its length is unknown, drawn to a canvas and sent
// as a JPEG. The server never decodes video: the browser that has the file does.

/** Where the frame is taken: 10% into the video, at least the first frame, at most its last. */
export function captureTime(durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 1;
  return Math.min(durationSeconds * 0.1, Math.max(0, durationSeconds - 0.05));
}

function once(target: EventTarget, name: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} event`)), timeoutMs);
    target.addEventListener(
      name,
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
    target.addEventListener('error', () => reject(new Error('the video could not be read')), { once: true });
  });
}

/** The frame as a JPEG, at the video's own size (at most 1920 pixels wide). */
export async function captureFrame(source: string | Blob): Promise<Blob> {
  const url = typeof source === 'string' ? source : URL.createObjectURL(source);
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.playsInline = true;
  video.src = url;
  try {
    await once(video, 'loadedmetadata', 15_000);
    video.currentTime = captureTime(video.duration);
    await once(video, 'seeked', 15_000);
    const scale = Math.min(1, 1920 / (video.videoWidth || 1));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
    canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob) throw new Error('the frame could not be encoded');
    return blob;
  } finally {
    video.removeAttribute('src');
    video.load();
    if (typeof source !== 'string') URL.revokeObjectURL(url);
  }
}
