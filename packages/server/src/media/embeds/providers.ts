/**
 * The providers whose links the media library embeds, each with the links it recognises, its
 * documented oEmbed endpoint, the player hosts its answer's iframe may name, the player address
 * Tessera builds from that iframe, and the hosts its thumbnails come from. The server fetches these
 * endpoints and thumbnail hosts only, never an address a visitor or owner typed: no request leaves
 * for anywhere else.
 *
 * Facts from the providers' documentation: YouTube (https://www.youtube.com/oembed), Vimeo
 * (https://developer.vimeo.com/api/oembed/videos), SoundCloud (https://developers.soundcloud.com/docs/oembed),
 * Spotify (https://developer.spotify.com/documentation/embeds/reference/oembed).
 */
export interface Provider {
  readonly id: 'youtube' | 'vimeo' | 'soundcloud' | 'spotify';
  readonly providerName: string;
  /** What the library calls an entry of this provider. */
  readonly kind: 'video' | 'audio';
  /** Links the owner may paste (https only). */
  readonly links: readonly RegExp[];
  /** The oEmbed endpoint: its origin (overridable for tests) and path, the link goes in `url`. */
  readonly origin: string;
  readonly path: string;
  /** Hosts the iframe of the provider's answer may name: anything else is refused. */
  readonly answerHosts: readonly string[];
  /** The player address Tessera embeds, built from the answer's iframe; null when it does not fit. */
  playerSrc(src: URL): string | null;
  /** Hosts (exact, or a suffix starting with a dot) that thumbnails are fetched from. */
  readonly thumbnailHosts: readonly string[];
  /** The iframe's `allow` list: what the player may use. */
  readonly allow: string;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export const PROVIDERS: readonly Provider[] = [
  {
    id: 'youtube',
    providerName: 'YouTube',
    kind: 'video',
    links: [
      /^https:\/\/(www\.|m\.)?youtube\.com\/watch\?(.*&)?v=[A-Za-z0-9_-]{6,20}/,
      /^https:\/\/(www\.)?youtube\.com\/(shorts|live|embed)\/[A-Za-z0-9_-]{6,20}/,
      /^https:\/\/youtu\.be\/[A-Za-z0-9_-]{6,20}/,
    ],
    origin: 'https://www.youtube.com',
    path: '/oembed',
    answerHosts: ['www.youtube.com', 'www.youtube-nocookie.com'],
    // The privacy-enhanced host sets no cookie before the visitor plays the video.
    playerSrc: (src) => {
      const match = /^\/embed\/([A-Za-z0-9_-]{6,20})$/.exec(src.pathname);
      return match ? `https://www.youtube-nocookie.com/embed/${match[1]}` : null;
    },
    thumbnailHosts: ['i.ytimg.com'],
    allow: 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share',
  },
  {
    id: 'vimeo',
    providerName: 'Vimeo',
    kind: 'video',
    links: [/^https:\/\/(www\.)?vimeo\.com\/(channels\/[A-Za-z0-9_-]+\/|groups\/[A-Za-z0-9_-]+\/videos\/)?\d+/, /^https:\/\/player\.vimeo\.com\/video\/\d+/],
    origin: 'https://vimeo.com',
    path: '/api/oembed.json',
    answerHosts: ['player.vimeo.com'],
    playerSrc: (src) => {
      const match = /^\/video\/(\d{1,20})$/.exec(src.pathname);
      if (!match) return null;
      // An unlisted video's player needs its hash (`h`); nothing else of the query is kept.
      const hash = src.searchParams.get('h');
      return `https://player.vimeo.com/video/${match[1]}${hash && /^[a-f0-9]{1,32}$/.test(hash) ? `?h=${hash}` : ''}`;
    },
    thumbnailHosts: ['i.vimeocdn.com'],
    allow: 'autoplay; fullscreen; picture-in-picture; clipboard-write',
  },
  {
    id: 'soundcloud',
    providerName: 'SoundCloud',
    kind: 'audio',
    links: [/^https:\/\/(www\.|m\.)?soundcloud\.com\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/, /^https:\/\/on\.soundcloud\.com\/[A-Za-z0-9]+/],
    origin: 'https://soundcloud.com',
    path: '/oembed',
    answerHosts: ['w.soundcloud.com'],
    playerSrc: (src) => {
      if (src.pathname !== '/player/') return null;
      const track = src.searchParams.get('url');
      if (!track || !/^https:\/\/api\.soundcloud\.com\/(tracks|playlists|users)\/[A-Za-z0-9:%]+$/.test(track)) return null;
      return `https://w.soundcloud.com/player/?url=${encodeURIComponent(track)}&visual=true&show_artwork=true`;
    },
    thumbnailHosts: ['.sndcdn.com'],
    allow: 'autoplay',
  },
  {
    id: 'spotify',
    providerName: 'Spotify',
    kind: 'audio',
    links: [/^https:\/\/open\.spotify\.com\/(intl-[a-z]{2}\/)?(track|album|playlist|episode|show|artist)\/[A-Za-z0-9]{10,40}/],
    origin: 'https://open.spotify.com',
    path: '/oembed',
    answerHosts: ['open.spotify.com'],
    playerSrc: (src) => {
      const match = /^\/embed\/(track|album|playlist|episode|show|artist)\/([A-Za-z0-9]{10,40})$/.exec(src.pathname);
      return match ? `https://open.spotify.com/embed/${match[1]}/${match[2]}` : null;
    },
    thumbnailHosts: ['i.scdn.co', 'image-cdn-ak.spotifycdn.com', 'image-cdn-fa.spotifycdn.com', 'mosaic.scdn.co'],
    allow: 'autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture',
  },
];

/** The player hosts pages may frame: the content security policy's frame sources, and only these. */
export const PLAYER_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://w.soundcloud.com', 'https://open.spotify.com'] as const;

/** The provider of a pasted link, or undefined. */
export function providerOf(link: string): Provider | undefined {
  return PROVIDERS.find((p) => p.links.some((re) => re.test(link)));
}

/** Whether a built player address is one of a provider's (what pages embed is checked again when rendered). */
export function isPlayerSrc(src: string): boolean {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && (PLAYER_ORIGINS as readonly string[]).includes(url.origin) && ID.test(url.pathname.split('/').pop() || 'x');
}
