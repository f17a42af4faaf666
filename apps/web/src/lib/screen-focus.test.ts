import { afterEach, describe, expect, it } from 'vitest';
import { focusNewScreen } from './screen-focus';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  document.body.innerHTML = '';
});

const frames = async (n = 2) => {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
};

/** The app's shell: a header link that stays, and the main holding the screen. */
function shell(screen: string): HTMLElement {
  document.body.innerHTML = `<header><a href="/library" id="nav">음악 검색</a></header><main id="main" tabindex="-1">${screen}</main>`;
  return document.getElementById('main')!;
}

describe('the focus after a change of address', () => {
  it('goes from the fallen focus to the new screen’s heading, waiting on main while it loads, and follows a heading replaced', async () => {
    const main = shell('<div class="sori-page" aria-busy="true"><h1>곡 정보</h1></div>');
    stop = focusNewScreen(main);
    await frames();
    expect(document.activeElement, 'a heading inside a loading page is not the screen’s yet').toBe(main);

    main.innerHTML = '<div class="sori-page"><h1 id="loaded">비 오는 오후</h1><button>재생</button></div>';
    await frames();
    const heading = document.getElementById('loaded')!;
    expect(document.activeElement).toBe(heading);
    expect(heading.tabIndex, 'focusable by script, not a Tab stop').toBe(-1);

    main.innerHTML = '<div class="sori-page"><h1 id="again">플레이리스트를 찾을 수 없습니다</h1></div>';
    await frames();
    expect(document.activeElement).toBe(document.getElementById('again'));
  });

  it('leaves the focus on a control that stayed (a header link), and on one the reader moved it to', async () => {
    const main = shell('<h1>음악 검색</h1><input id="search">');
    const nav = document.getElementById('nav')!;
    nav.focus();
    stop = focusNewScreen(main);
    await frames();
    expect(document.activeElement).toBe(nav);

    stop();
    (document.activeElement as HTMLElement).blur();
    main.innerHTML = '';
    stop = focusNewScreen(main);
    await frames();
    expect(document.activeElement, 'nothing to focus yet: main').toBe(main);
    document.getElementById('nav')!.focus();
    main.innerHTML = '<h1>요금제</h1>';
    await frames();
    expect(document.activeElement, 'the reader went back to the header').toBe(nav);
  });

  it('waits for a dialog over the screen to close', async () => {
    const main = shell('<h1 id="title">라이선스 확인</h1>');
    document.body.insertAdjacentHTML('beforeend', '<div class="modal-backdrop show"></div>');
    stop = focusNewScreen(main);
    await frames();
    expect(document.activeElement).toBe(document.body);
    document.querySelector('.modal-backdrop')!.remove();
    await frames();
    expect(document.activeElement).toBe(document.getElementById('title'));
  });

  it('goes to the heading of the part the address names (#similar), scrolled to it, once the screen has loaded', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const main = shell('<div class="sori-page" aria-busy="true"><h1>곡 정보</h1></div>');
      stop = focusNewScreen(main, { anchor: 'similar' });
      await frames();
      expect(document.activeElement, 'main while the screen loads').toBe(main);
      main.innerHTML = '<h1>비 오는 오후</h1><section id="similar"><h2 id="similar-title">비슷한 곡</h2></section>';
      await frames();
      const heading = document.getElementById('similar-title')!;
      expect(document.activeElement).toBe(heading);
      expect(scrolled).toContain(heading);

      // A screen without that part: its own heading, as after any navigation.
      stop();
      (document.activeElement as HTMLElement).blur();
      main.innerHTML = '<h1 id="plain">플레이리스트</h1>';
      stop = focusNewScreen(main, { anchor: 'similar' });
      await frames();
      expect(document.activeElement).toBe(document.getElementById('plain'));
    } finally {
      Element.prototype.scrollIntoView = scrollIntoView;
    }
  });
});
