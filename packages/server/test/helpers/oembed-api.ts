import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { photo } from './images.js';

/**
 * A local HTTP server shaped as the oEmbed APIs of YouTube, Vimeo, SoundCloud and Spotify, as their
 * documentation shows their answers (field names, the iframe each one's `html` holds, the thumbnail's
 * address), for the one origin TESSERA_OEMBED_API names. The provider is told by the link asked about;
 * what a link's last segment says plays the provider's refusals:
 * - `private` answers 403, `missing` 404 (YouTube and Vimeo do both for private and removed videos);
 * - a Vimeo link of the channel `basic` is a Vimeo Basic account's video (`account_type: "basic"`);
 * - `foreign` puts the iframe on another host, `script` adds a script to the html;
 * - `broken` closes the connection without an answer (a network failure), `silent` never answers (a timeout);
 * - `elsewhere` names a thumbnail on a host that is not the provider's.
 * Thumbnails are served under `/thumbs/`, as real JPEGs.
 */
export class OembedApi {
  private server: http.Server | undefined;
  /** The paths asked for, in order: a test checks what was fetched and what never was. */
  readonly calls: string[] = [];
  origin = '';

  async start(): Promise<this> {
    const thumbnail = await photo(480, 360);
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      this.calls.push(url.pathname + url.search);
      if (url.pathname.startsWith('/thumbs/')) {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': thumbnail.byteLength });
        res.end(thumbnail);
        return;
      }
      const link = url.searchParams.get('url') ?? '';
      const last = link.split(/[/=?]/).pop() ?? '';
      if (last === 'broken') {
        req.socket.destroy();
        return;
      }
      // Never answered: the server closes it when the test ends (closeAllConnections).
      if (last === 'silent') return;
      if (last === 'private' || last === 'missing') {
        res.writeHead(last === 'private' ? 403 : 404, { 'content-type': 'text/plain' });
        res.end(last === 'private' ? 'Forbidden' : 'Not Found');
        return;
      }
      const answer = this.answer(url.pathname, link, last);
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private iframe(src: string, last: string): string {
    const host = last === 'foreign' ? 'https://evil.example/embed/x' : src;
    const script = last === 'script' ? '<script src="https://evil.example/x.js"></script>' : '';
    return `<iframe width="640" height="360" src="${host}" frameborder="0" allowfullscreen></iframe>${script}`;
  }

  private answer(path: string, link: string, last: string): Record<string, unknown> | null {
    const thumb = last === 'elsewhere' ? 'https://evil.example/thumbs/x.jpg' : `${this.origin}/thumbs/${last}.jpg`;
    if (path === '/api/oembed.json' && link.includes('vimeo.com')) {
      return {
        type: 'video',
        version: '1.0',
        provider_name: 'Vimeo',
        provider_url: 'https://vimeo.com/',
        title: 'Morning at the roastery',
        author_name: 'Tessera Roasters',
        author_url: 'https://vimeo.com/tessera',
        is_plus: '0',
        account_type: link.includes('/channels/basic/') ? 'basic' : 'pro',
        html: this.iframe(`https://player.vimeo.com/video/${last}?h=0a1b2c3d4e&amp;app_id=122963`, last),
        width: 640,
        height: 360,
        duration: 95,
        thumbnail_url: thumb,
        thumbnail_width: 480,
        thumbnail_height: 360,
        video_id: Number(last) || 0,
      };
    }
    if (path !== '/oembed') return null;
    if (link.includes('youtube.com') || link.includes('youtu.be')) {
      return {
        title: 'Pour-over in four steps',
        author_name: 'Tessera Coffee',
        author_url: 'https://www.youtube.com/@tessera',
        type: 'video',
        height: 113,
        width: 200,
        version: '1.0',
        provider_name: 'YouTube',
        provider_url: 'https://www.youtube.com/',
        thumbnail_height: 360,
        thumbnail_width: 480,
        thumbnail_url: thumb,
        html: this.iframe(`https://www.youtube.com/embed/${last}?feature=oembed`, last),
      };
    }
    if (link.includes('soundcloud.com')) {
      return {
        version: 1.0,
        type: 'rich',
        provider_name: 'SoundCloud',
        provider_url: 'https://soundcloud.com',
        height: 400,
        width: '100%',
        title: 'Roastery sounds by Tessera',
        description: 'The drum turning.',
        thumbnail_url: thumb,
        html: this.iframe(`https://w.soundcloud.com/player/?visual=true&url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F293&show_artwork=true`, last),
        author_name: 'Tessera',
        author_url: 'https://soundcloud.com/tessera',
      };
    }
    if (link.includes('open.spotify.com')) {
      const [, kind, id] = /open\.spotify\.com\/(\w+)\/(\w+)/.exec(link) ?? [];
      return {
        html: this.iframe(`https://open.spotify.com/embed/${kind}/${id}?utm_source=oembed`, last),
        iframe_url: `https://open.spotify.com/embed/${kind}/${id}?utm_source=oembed`,
        width: 456,
        height: 152,
        version: '1.0',
        provider_name: 'Spotify',
        provider_url: 'https://spotify.com',
        type: 'rich',
        title: 'Coffee House Mix',
        thumbnail_url: thumb,
        thumbnail_width: 300,
        thumbnail_height: 300,
      };
    }
    return null;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
