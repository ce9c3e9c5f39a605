/** Props of Tessera's image template (platform.md section 3 "Image template props"). */
export interface ImageProps {
  readonly src?: unknown;
  readonly width?: unknown;
  readonly height?: unknown;
  readonly alt?: unknown;
  readonly class?: unknown;
  readonly style?: unknown;
  readonly priority?: unknown;
  readonly sizes?: unknown;
  /** `sqs` (the site's image service, the default) or `raw`. */
  readonly loader?: unknown;
  readonly srcset?: unknown;
  readonly onLoadingComplete?: unknown;
  readonly passthrough?: unknown;
}

export type ImagePriority = 'high' | 'low';
export type ImageLoader = 'sqs' | 'raw';
export const DEFAULT_IMAGE_LOADER: ImageLoader = 'sqs';

const isPositiveInteger = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
const given = (v: unknown) => v !== undefined && v !== null;
const show = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : String(v));

/**
 * Every violation of the image prop rules, each as its own message (empty when valid):
 * src, width and height required, width and height positive integers; alt required (an empty
 * string is allowed for decorative images); priority high, low or unset; loader sqs or raw;
 * srcset only with loader raw; sizes required with loader sqs (the default loader).
 */
export function validateImageProps(props: ImageProps): string[] {
  const problems: string[] = [];
  if (typeof props.src !== 'string' || props.src.trim() === '') problems.push('Image "src" is required.');
  for (const dim of ['width', 'height'] as const) {
    const v = props[dim];
    if (!given(v)) problems.push(`Image "${dim}" is required.`);
    else if (!isPositiveInteger(v)) problems.push(`Image "${dim}" must be a positive integer, got ${show(v)}.`);
  }
  if (typeof props.alt !== 'string') problems.push('Image "alt" is required (use an empty string for a decorative image).');
  if (given(props.priority) && props.priority !== 'high' && props.priority !== 'low') {
    problems.push(`Image "priority" must be "high", "low" or unset, got ${show(props.priority)}.`);
  }
  let loader: unknown = props.loader ?? DEFAULT_IMAGE_LOADER;
  if (loader !== 'sqs' && loader !== 'raw') {
    problems.push(`Image "loader" must be "sqs" or "raw", got ${show(props.loader)}.`);
    loader = undefined;
  }
  if (given(props.srcset) && loader === 'sqs') problems.push('Image "srcset" is allowed only with loader "raw".');
  if (loader === 'sqs' && (typeof props.sizes !== 'string' || props.sizes.trim() === '')) {
    problems.push('Image "sizes" is required with loader "sqs".');
  }
  return problems;
}

/** Throws one error naming every violation, for callers that cannot go on without valid props. */
export function assertImageProps(props: ImageProps): void {
  const problems = validateImageProps(props);
  if (problems.length > 0) throw new TypeError(problems.join(' '));
}

export interface ImageLoadingAttributes {
  readonly loading: 'eager' | 'lazy';
  readonly fetchPriority?: 'high' | 'low';
}

/** high: eager with high fetch priority; low: lazy with low fetch priority; unset: lazy. */
export function imageLoadingAttributes(priority: ImagePriority | undefined): ImageLoadingAttributes {
  if (priority === 'high') return { loading: 'eager', fetchPriority: 'high' };
  if (priority === 'low') return { loading: 'lazy', fetchPriority: 'low' };
  return { loading: 'lazy' };
}
