import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

describe.each(DIALECTS)('catalogue API (%s)', (dialect) => {
  let t: TestApp;
  let ids: Record<'love' | 'piano' | 'lofi' | 'epic' | 'jp' | 'hidden', number>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ids = {
      love: await t.track({
        title: '사랑의노래',
        artist: '한별',
        genre: 703,
        moods: '1405,1401',
        sound_key: 'C',
        bpm: 72,
        speed: 1,
        duration_sec: 184,
      }),
      piano: await t.track({
        title: '잔잔한 피아노',
        artist: '윤슬',
        genre: 701,
        moods: '1302',
        sound_key: 'G',
        bpm: 68,
        speed: 1,
        duration_sec: 203,
      }),
      lofi: await t.track({
        title: 'Morning Lo-fi',
        artist: 'Mellow Kim',
        genre: 602,
        moods: '1301,1302',
        sound_key: 'D♭',
        key_mode: 'minor',
        bpm: 84,
        speed: 2,
        duration_sec: 156,
      }),
      epic: await t.track({
        title: 'Epic Dawn',
        artist: 'Northern Choir',
        genre: 202,
        moods: '1701,1702',
        sound_key: 'C♯',
        key_mode: 'major',
        bpm: 140,
        speed: 4,
        duration_sec: 211,
      }),
      jp: await t.track({
        title: '夜明けのメロディー',
        artist: '佐藤',
        genre: 702,
        moods: '1403',
        sound_key: 'E',
        key_mode: 'minor',
        bpm: 90,
        speed: 2,
        duration_sec: 175,
      }),
      hidden: await t.track({ title: '비공개 사랑', published: 0 }),
    };
  });
  afterAll(() => t.close());

  const musics = (query: string, token?: string) => t.call({ method: 'GET', url: `/api/musics?${query}`, token });
  const titles = (res: Awaited<ReturnType<typeof musics>>) => res.json().body.content.map((m: { title: string }) => m.title);

  it('pages the catalogue newest first with the wire shape of the spec', async () => {
    const res = await musics('page=0&size=2');
    expect(res.statusCode).toBe(200);
    const page = res.json().body;
    expect(page).toMatchObject({ totalElements: 5, totalPages: 3, size: 2, number: 0, first: true, last: false });
    expect(page.content[0].id).toBe(ids.jp);
    const m = page.content[1];
    expect(m).toMatchObject({
      id: ids.epic,
      title: 'Epic Dawn',
      artist: 'Northern Choir',
      duration: '3:31',
      playTime: 211,
      soundkey: 'C♯',
      bpm: 140,
      genre: 202,
      moods: [1701, 1702],
      speed: 4,
      liked: false,
    });
    for (const key of ['cover', 'filePath', 'fileUrl', 'fileName', 'waveUrl', 'peaksUrl']) expect(m).toHaveProperty(key);
    const last = (await musics('page=2&size=2')).json().body;
    expect(last).toMatchObject({ number: 2, first: false, last: true });
    expect(last.content).toHaveLength(1);
  });

  it('never shows an unpublished upload in the catalogue or by id', async () => {
    expect(titles(await musics('q=비공개'))).toEqual([]);
    expect((await t.call({ method: 'GET', url: `/api/musics/${ids.hidden}` })).statusCode).toBe(404);
  });

  it('finds Korean the way a Korean user means it', async () => {
    expect(titles(await musics('q=사랑'))).toEqual(['사랑의노래']);
    expect(titles(await musics('q=ㅅㄹ'))).toContain('사랑의노래');
    expect(titles(await musics('q=잔잔한피아노'))).toContain('잔잔한 피아노');
    expect(titles(await musics(`q=${encodeURIComponent('사랑'.normalize('NFD'))}`))).toEqual(['사랑의노래']);
    // Mood words in three languages
    for (const word of ['잔잔한', 'calm', '落ち着いた']) {
      expect(titles(await musics(`q=${encodeURIComponent(word)}`)).sort(), word).toEqual(['Morning Lo-fi', '잔잔한 피아노'].sort());
    }
    expect(titles(await musics('q=lofi'))).toContain('Morning Lo-fi');
    expect(titles(await musics('q=epi'))).toEqual(['Epic Dawn']);
  });

  it('filters by genre group, moods (all of them), key by pitch class, speed and BPM range', async () => {
    expect(titles(await musics('g=700')).sort()).toEqual(['사랑의노래', '잔잔한 피아노', '夜明けのメロディー'].sort());
    expect(titles(await musics('g=602'))).toEqual(['Morning Lo-fi']);
    expect(titles(await musics('moods=1301&moods=1302'))).toEqual(['Morning Lo-fi']);
    expect(titles(await musics(`soundKey=${encodeURIComponent('C#')}`)).sort()).toEqual(['Epic Dawn', 'Morning Lo-fi'].sort());
    expect(titles(await musics('speed=4'))).toEqual(['Epic Dawn']);
    // The mode alone, and with a key: that key in that mode (D♭ minor, as the list writes it).
    expect(titles(await musics('keyMode=minor')).sort()).toEqual(['Morning Lo-fi', '夜明けのメロディー'].sort());
    expect(titles(await musics(`soundKey=${encodeURIComponent('C#')}&keyMode=minor`))).toEqual(['Morning Lo-fi']);
    expect(titles(await musics('keyMode=MAJOR'))).toEqual(['Epic Dawn']);
    expect(titles(await musics('bpmGte=70&bpmLte=90&sort=bpm,asc'))).toEqual(['사랑의노래', 'Morning Lo-fi', '夜明けのメロディー']);
  });

  it("finds a key's mode and a speed by the words the screens show for them, in three languages", async () => {
    for (const word of ['단조', 'minor', '短調', 'マイナー']) {
      expect(titles(await musics(`q=${encodeURIComponent(word)}`)).sort(), word).toEqual(['Morning Lo-fi', '夜明けのメロディー'].sort());
    }
    expect(titles(await musics(`q=${encodeURIComponent('장조')}`))).toEqual(['Epic Dawn']);
    // A mode word narrows other words: a calm track in a minor key.
    expect(titles(await musics(`q=${encodeURIComponent('잔잔한 단조')}`))).toEqual(['Morning Lo-fi']);
    for (const word of ['매우 빠름', 'very fast', 'ハイテンポ'])
      expect(titles(await musics(`q=${encodeURIComponent(word)}`)), word).toEqual(['Epic Dawn']);
  });

  it('finds a key named with its mode, as musicians write it in three languages', async () => {
    // Morning Lo-fi is in D♭ minor, Epic Dawn in C♯ major, 夜明けのメロディー in E minor.
    for (const name of ['Dbm', 'D flat minor', '내림라단조', '올림 다단조', '嬰ハ短調', '変ニ短調', 'C♯ 마이너']) {
      expect(titles(await musics(`q=${encodeURIComponent(name)}`)), name).toEqual(['Morning Lo-fi']);
    }
    for (const name of ['E minor', '마단조', 'ホ短調', 'eマイナー'])
      expect(titles(await musics(`q=${encodeURIComponent(name)}`)), name).toEqual(['夜明けのメロディー']);
    // Em is also the beginning of a word still being typed (Emotional), which finds what it finds.
    expect(titles(await musics('q=Em'))).toContain('夜明けのメロディー');
    expect(titles(await musics(`q=${encodeURIComponent('Db major')}`))).toEqual(['Epic Dawn']);
    // The ♯ counts. No track is in C minor: that search is forgiven to its word "minor" (both minor tracks).
    // C# minor, the same text once ♯ is folded away, is the one track in C♯ minor (the key is part of what
    // a text's matches are cached under; a text is cached when seen again, so C minor is searched twice first).
    for (let i = 0; i < 2; i++)
      expect(titles(await musics(`q=${encodeURIComponent('C minor')}`)).sort()).toEqual(['Morning Lo-fi', '夜明けのメロディー'].sort());
    expect(titles(await musics(`q=${encodeURIComponent('C# minor')}`))).toEqual(['Morning Lo-fi']);
    // With other words: the key and every other word (the calm track in D♭ minor).
    expect(titles(await musics(`q=${encodeURIComponent('잔잔한 내림라단조')}`))).toEqual(['Morning Lo-fi']);
    // A letter alone is no key.
    expect(titles(await musics('q=e'))).not.toContain('夜明けのメロディー');
  });

  it('sorts by every field both ways, as sort=f,dir, sort=f&sort=dir and sortOrder', async () => {
    expect(titles(await musics('sort=bpm&sort=desc'))[0]).toBe('Epic Dawn');
    expect(titles(await musics('sort=bpm&sortOrder=asc'))[0]).toBe('잔잔한 피아노');
    expect(titles(await musics('sort=duration,desc'))[0]).toBe('Epic Dawn');
    expect(titles(await musics('sort=title,asc'))[0]).toBe('Epic Dawn');
    expect(titles(await musics('sort=id&sort=desc'))[0]).toBe('夜明けのメロディー');
    expect((await musics('sort=popularity')).statusCode).toBe(200);
    expect((await musics('q=사랑&sort=relevance')).statusCode).toBe(200);
  });

  it('rejects bad query values with 400 and a code, never a 500', async () => {
    const cases: [string, string][] = [
      ['sort=price', 'INVALID_SORT'],
      ['sort=id;drop table tracks', 'INVALID_SORT'],
      ['sort=id,sideways', 'INVALID_SORT'],
      ['g=999', 'INVALID_FILTER'],
      ['g=abc', 'INVALID_FILTER'],
      ['moods=1', 'INVALID_FILTER'],
      ['soundKey=H', 'INVALID_FILTER'],
      ['keyMode=dorian', 'INVALID_FILTER'],
      ['speed=5', 'INVALID_FILTER'],
      ['bpmGte=fast', 'INVALID_FILTER'],
      ['bpmGte=150&bpmLte=100', 'INVALID_FILTER'],
      ['page=-1', 'VALIDATION_FAILED'],
      ['page=1.5', 'VALIDATION_FAILED'],
      ['size=0', 'VALIDATION_FAILED'],
      ['size=101', 'VALIDATION_FAILED'],
      [`q=${'가'.repeat(201)}`, 'FIELD_TOO_LONG'],
      ['tempPlayListId=x', 'INVALID_ID'],
    ];
    for (const [query, code] of cases) {
      const res = await musics(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe(code);
      expect(res.json().message.length, query).toBeGreaterThan(0);
      expect(res.json().message, `${query}: every place in the message filled`).not.toMatch(/[{}]/u);
    }
    expect((await t.call({ method: 'GET', url: '/api/musics/abc' })).json().code).toBe('INVALID_ID');
    expect((await t.call({ method: 'GET', url: '/api/musics/0' })).json().code).toBe('INVALID_ID');
    expect((await t.call({ method: 'GET', url: '/api/musics/99999' })).statusCode).toBe(404);
  });

  it('likes and unlikes idempotently, sets liked for the caller only, and lists likes newest first', async () => {
    const u = await t.user();
    const other = await t.user();
    for (let i = 0; i < 2; i++) {
      const r = await t.call({ method: 'POST', url: '/api/my/like', payload: { musicId: ids.love }, token: u.token });
      expect(r.statusCode).toBe(200);
      expect(r.json().body).toEqual({ musicId: ids.love, liked: true });
    }
    await t.call({ method: 'POST', url: '/api/my/like', payload: { musicId: ids.epic }, token: u.token });
    const list = await musics('tempPlayListId=0&page=0&sort=id&sort=desc', u.token);
    expect(titles(list)).toEqual(['Epic Dawn', '사랑의노래']);
    expect(list.json().body.content.every((m: { liked: boolean }) => m.liked)).toBe(true);
    expect(titles(await musics('tempPlayListId=0&sort=id&sort=asc', u.token))).toEqual(['사랑의노래', 'Epic Dawn']);
    expect(titles(await musics('tempPlayListId=0&q=epic', u.token))).toEqual(['Epic Dawn']);

    const byId = await t.call({ method: 'GET', url: `/api/musics/${ids.love}`, token: u.token });
    expect(byId.json().body.liked).toBe(true);
    const forOther = await t.call({ method: 'GET', url: `/api/musics/${ids.love}`, token: other.token });
    expect(forOther.json().body.liked).toBe(false);
    expect(titles(await musics('tempPlayListId=0', other.token))).toEqual([]);

    await t.call({ method: 'POST', url: '/api/my/unlike', payload: { musicId: ids.love }, token: u.token });
    const again = await t.call({ method: 'POST', url: '/api/my/unlike', payload: { musicId: ids.love }, token: u.token });
    expect(again.json().body).toEqual({ musicId: ids.love, liked: false });
    expect(titles(await musics('tempPlayListId=0', u.token))).toEqual(['Epic Dawn']);

    expect((await t.call({ method: 'POST', url: '/api/my/like', payload: { musicId: 99999 }, token: u.token })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/my/like', payload: { musicId: 'x' }, token: u.token })).statusCode).toBe(400);
    expect((await t.call({ method: 'POST', url: '/api/my/like', payload: { musicId: ids.love } })).statusCode).toBe(401);
    expect((await musics('tempPlayListId=0')).statusCode).toBe(401);
    // Only 0, -1 and positive ids are list ids (ids.ts): anything else is refused before any query.
    expect((await musics('tempPlayListId=-2', u.token)).json()).toMatchObject({ code: 'INVALID_ID' });
  });

  it('counts a play once per client and track within the window, signed out too', async () => {
    const hit = (addr: string) => t.call({ method: 'GET', url: `/api/log/hit?musicId=${ids.jp}`, remoteAddress: addr });
    expect((await hit('10.1.1.1')).json().body.counted).toBe(true);
    expect((await hit('10.1.1.1')).json().body.counted).toBe(false);
    expect((await hit('10.1.1.2')).json().body.counted).toBe(true);
    // Two plays lift it above the tracks nobody played.
    const popular = titles(await musics('sort=popularity'));
    expect(popular.indexOf('夜明けのメロディー')).toBeLessThan(popular.indexOf('Morning Lo-fi'));
    expect(popular.indexOf('夜明けのメロディー')).toBeLessThan(popular.indexOf('잔잔한 피아노'));
    expect((await t.call({ method: 'GET', url: '/api/log/hit?musicId=abc' })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/log/hit?musicId=424242' })).statusCode).toBe(404);
  });

  it('gates downloads by sign-in and level 5, records them, and answers a signed link', async () => {
    const withFile = await t.track({ title: 'Licensed', original_key: 'tracks/x/original.wav', file_name: 'Licensed.wav' });
    await t.ctx.storage.put('tracks/x/original.wav', Buffer.from('RIFF…'));
    const missing = await t.track({ title: 'Gone', original_key: 'tracks/y/original.wav', file_name: 'Gone.wav' });
    const low = await t.user();
    const high = await t.user({ level: 5 });
    const dl = (id: number, token?: string) => t.call({ method: 'GET', url: `/api/download/download?musicId=${id}`, token });

    expect((await dl(withFile)).statusCode).toBe(401);
    const denied = await dl(withFile, low.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      code: 'LEVEL_TOO_LOW',
      message: '다운로드는 레벨 5 이상부터 가능합니다. 프리미엄·패밀리 요금제에서 이용할 수 있습니다.',
    });
    expect((await dl(ids.love, high.token)).json().code).toBe('NO_FILE');
    // A row naming a file that storage does not hold cannot be licensed or delivered.
    const gone = await dl(missing, high.token);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('NO_FILE');

    const ok = await dl(withFile, high.token);
    expect(ok.statusCode).toBe(200);
    const ticket = ok.json().body;
    expect(ticket).toMatchObject({ musicId: withFile, fileName: 'Artist - Licensed.wav' });
    expect(ticket.licenceId).toMatch(/^SORI-/u);
    expect(ticket.url).toMatch(new RegExp(`^/api/musics/${withFile}/original\\?licence=${ticket.licenceId}&exp=\\d+&uid=${high.id}&sig=`));
    expect(ticket.url).not.toContain(high.token);
    expect(titles(await musics('tempPlayListId=-1', high.token))).toEqual(['Licensed']);
    expect(titles(await musics('tempPlayListId=-1', low.token))).toEqual([]);
  });

  it("lists the caller's own uploads, published or not, with the same filters", async () => {
    const owner = await t.user();
    const mine = await t.track({ title: '내 업로드', owner_id: owner.id, published: 0, bpm: 120 });
    const shared = await t.track({ title: '내 공개곡', owner_id: owner.id, published: 1, bpm: 60 });
    // A signed-out search first puts the published one's public JSON in the wire cache; the owner still
    // gets the owner-only fields for it.
    const anon = await musics('q=내 공개곡');
    expect(anon.json().body.content[0]).not.toHaveProperty('published');
    const res = await t.call({ method: 'GET', url: '/api/my/musics?page=0', token: owner.token });
    expect(titles(res)).toEqual(['내 공개곡', '내 업로드']);
    expect(res.json().body.content[0]).toMatchObject({ id: shared, published: true });
    expect(res.json().body.content[1]).toMatchObject({ id: mine, published: false });
    const filtered = await t.call({ method: 'GET', url: '/api/my/musics?bpmGte=100', token: owner.token });
    expect(titles(filtered)).toEqual(['내 업로드']);
    expect((await t.call({ method: 'GET', url: `/api/musics/${mine}`, token: owner.token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/my/musics' })).statusCode).toBe(401);
  });
});
