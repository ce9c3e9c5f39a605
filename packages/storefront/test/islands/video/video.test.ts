// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mount } from '../../../src/islands/video/index.js';

/** A facade as themes/default/blocks/post-video.block writes it, the player's markup in data-html. */
function facade(html: string): HTMLElement {
  document.body.innerHTML = '';
  const figure = document.createElement('figure');
  const div = document.createElement('div');
  div.className = 'video-facade';
  div.dataset.tesseraIsland = 'video';
  div.dataset.html = html;
  div.innerHTML = '<button type="button" class="video-facade__play" aria-label="Play video: Morning brew"><img src="/p.jpg" alt=""></button>';
  figure.append(div);
  document.body.append(figure);
  mount([div]);
  return div;
}

describe('the video facade', () => {
  it('loads nothing until asked, then puts the provider’s player in its place, focused and playing', () => {
    const div = facade(
      '<iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk" title="Morning brew" loading="lazy" allow="autoplay" allowfullscreen></iframe>',
    );
    expect(document.querySelector('iframe')).toBeNull();
    const button = document.querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe('Play video: Morning brew');
    button.click();
    const frame = document.querySelector('iframe')!;
    expect(frame.src).toBe('https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1');
    expect(frame.title).toBe('Morning brew');
    expect(frame.parentElement?.className).toBe('post-video__player');
    expect(document.activeElement).toBe(frame);
    expect(div.isConnected).toBe(false);
  });

  it('plays a stored file in Tessera’s own <video>', () => {
    facade('<video controls preload="metadata" playsinline poster="/p.jpg"><source src="/assets/uploads/a.webm?v=1" type="video/webm"></video>');
    document.querySelector('button')!.click();
    const video = document.querySelector('video')!;
    expect(video.querySelector('source')?.getAttribute('src')).toBe('/assets/uploads/a.webm?v=1');
    expect(document.activeElement).toBe(video);
  });

  it('refuses a frame from a host that is not one of the players', () => {
    const div = facade('<iframe src="https://evil.example/embed/x"></iframe>');
    document.querySelector('button')!.click();
    expect(document.querySelector('iframe')).toBeNull();
    expect(div.isConnected).toBe(true);
  });
});
