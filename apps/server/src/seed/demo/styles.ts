/**
 * Arrangement templates for the demo catalogue: drum, bass and accompaniment patterns per style, written as
 * step strings so they read like a drum-machine grid. Drum steps: X accent, x normal, o soft, g ghost,
 * . rest. Bass steps: R root, F fifth, O octave, T third, S seventh, - hold, . rest. Accompaniment: C chord,
 * A next arpeggio note, - hold, . rest.
 */
import type { DrumName } from './synth';
import type { TimbreName } from './synth';

export type StyleName =
  | 'pop'
  | 'ballad'
  | 'rock'
  | 'metal'
  | 'funk'
  | 'folk'
  | 'country'
  | 'blues'
  | 'four'
  | 'disco'
  | 'halftime'
  | 'chip'
  | 'retro'
  | 'boombap'
  | 'lofi'
  | 'swing'
  | 'bossa'
  | 'latin'
  | 'samba'
  | 'tango'
  | 'reggae'
  | 'waltz'
  | 'orchestral'
  | 'cinematic'
  | 'ambient'
  | 'comic'
  | 'trot'
  | 'world'
  | 'fx';

export interface Part {
  timbre: TimbreName;
  pattern: string;
  /** Centre of the register (MIDI). */
  centre: number;
  vel: number;
  pan: number;
  send: number;
}

export interface Style {
  meter: 3 | 4;
  /** Steps per bar; 12 in 4/4 means a triplet grid (shuffle, swing). */
  grid: number;
  drums: Partial<Record<DrumName, string>>;
  drumPan?: Partial<Record<DrumName, number>>;
  bass: Part;
  comp: Part[];
  lead: Omit<Part, 'pattern'> & { rhythm: 'quarters' | 'eighths' | 'mixed' | 'sparse' };
  /** Where off-beat eighths fall within the beat: 0.5 straight, up to 0.67 for a triplet swing. */
  swing?: number;
  sevenths?: boolean;
  /** Bars per chord. */
  chordBars: 1 | 2;
  reverb: number;
  /** Soft vinyl crackle for lo-fi. */
  crackle?: boolean;
  /** In minor keys, make V a major chord (the raised leading tone of harmonic minor). */
  harmonicMinor?: boolean;
  crashOnSections?: boolean;
}

const part = (timbre: TimbreName, pattern: string, centre: number, vel: number, pan = 0, send = 0.2): Part => ({
  timbre,
  pattern,
  centre,
  vel,
  pan,
  send,
});
const lead = (timbre: TimbreName, centre: number, vel: number, rhythm: Style['lead']['rhythm'], pan = 0.1, send = 0.3) => ({
  timbre,
  centre,
  vel,
  rhythm,
  pan,
  send,
});

export const STYLES: Record<StyleName, Style> = {
  pop: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.35,
    crashOnSections: true,
    drums: { kick: 'X.......X.x.....', snare: '....X.......X...', hat: 'x.o.x.o.x.o.x.o.' },
    bass: part('bass', 'R.....R.R...F...', 40, 0.8),
    comp: [part('piano', 'C.......C...C...', 62, 0.35, -0.2), part('pad', 'C---------------', 64, 0.18, 0.2, 0.4)],
    lead: lead('lead', 74, 0.3, 'mixed'),
  },
  ballad: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.6,
    harmonicMinor: true,
    drums: { kick: 'X.........x.....', snare: '....x.......x...', hat: 'o.g.o.g.o.g.o.g.' },
    bass: part('bass', 'R-------F-------', 40, 0.7),
    comp: [part('piano', 'A.A.A.A.A.A.A.A.', 60, 0.3, -0.15, 0.35), part('strings', 'C---------------', 66, 0.2, 0.25, 0.5)],
    lead: lead('flute', 74, 0.28, 'sparse'),
  },
  rock: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.25,
    crashOnSections: true,
    drums: { kick: 'X.x.....X.x.....', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
    bass: part('synthBass', 'R.R.R.R.R.R.R.R.', 40, 0.7),
    comp: [part('drive', 'C-.C-.C-C-.C-.C-', 55, 0.3, -0.4, 0.1), part('drive', 'C-.C-.C-C-.C-.C-', 55, 0.3, 0.4, 0.1)],
    lead: lead('lead', 74, 0.28, 'eighths'),
  },
  metal: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.2,
    crashOnSections: true,
    harmonicMinor: true,
    drums: { kick: 'X.x.X.x.X.x.X.x.', snare: '....X.......X...', ride: 'x.x.x.x.x.x.x.x.' },
    bass: part('synthBass', 'R.R.R.R.R.R.R.R.', 40, 0.75),
    comp: [part('drive', 'C.C.C.C.C.C.C.C.', 52, 0.35, -0.45, 0.05), part('drive', 'C.C.C.C.C.C.C.C.', 52, 0.35, 0.45, 0.05)],
    lead: lead('lead', 76, 0.25, 'eighths'),
  },
  funk: {
    meter: 4,
    grid: 16,
    chordBars: 2,
    reverb: 0.2,
    sevenths: true,
    drums: { kick: 'X..x..x...X..x..', snare: '....X..g.g..X..g', hat: 'xoxoxoxoxoxoxoxo' },
    bass: part('synthBass', 'R..O..R.F..R.O..', 40, 0.85),
    comp: [part('guitar', '..C...C...C..C..', 62, 0.3, -0.3, 0.1), part('organ', 'C-------........', 64, 0.15, 0.3)],
    lead: lead('brass', 72, 0.3, 'mixed'),
  },
  folk: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.35,
    drums: { kick: 'X.......X.......', rim: '....x.......x...', shaker: 'o.x.o.x.o.x.o.x.' },
    bass: part('bass', 'R-------F-------', 40, 0.7),
    comp: [part('guitar', 'A.A.A.A.A.A.A.A.', 58, 0.35, -0.3, 0.2), part('guitar', 'C...C...C...C...', 62, 0.25, 0.3, 0.2)],
    lead: lead('flute', 74, 0.28, 'mixed'),
  },
  country: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.3,
    drums: { kick: 'X.......X.......', snare: 'g.g.X.g.g.g.X.g.', hat: 'x.x.x.x.x.x.x.x.' },
    bass: part('bass', 'R...F...R...F...', 40, 0.8),
    comp: [part('guitar', '..C...C...C...C.', 60, 0.3, -0.3), part('guitar', 'A.A.A.A.A.A.A.A.', 64, 0.18, 0.3)],
    lead: lead('lead', 74, 0.25, 'mixed'),
  },
  blues: {
    meter: 4,
    grid: 12,
    chordBars: 1,
    reverb: 0.3,
    swing: 0.67,
    drums: { kick: 'X.....X.....', snare: '...X.....X..', hat: 'x.ox.ox.ox.o' },
    bass: part('bass', 'R.TF.OS.FT.F', 40, 0.75),
    comp: [part('piano', '...C.....C..', 60, 0.3, -0.2), part('organ', 'C-----------', 62, 0.14, 0.25)],
    lead: lead('lead', 72, 0.25, 'sparse'),
  },
  four: {
    meter: 4,
    grid: 16,
    chordBars: 2,
    reverb: 0.35,
    crashOnSections: true,
    drums: { kick: 'X...X...X...X...', clap: '....X.......X...', openHat: '..x...x...x...x.', hat: 'g.g.g.g.g.g.g.g.' },
    bass: part('synthBass', '..R...R...R...R.', 40, 0.8),
    comp: [part('supersaw', 'C..C..C...C..C..', 62, 0.25, 0, 0.35), part('pad', 'C---------------', 64, 0.14, 0, 0.5)],
    lead: lead('lead', 76, 0.22, 'eighths'),
  },
  disco: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.3,
    sevenths: true,
    drums: { kick: 'X...X...X...X...', snare: '....X.......X...', openHat: '..x...x...x...x.', hat: 'x.o.x.o.x.o.x.o.' },
    bass: part('synthBass', 'R.O.R.O.R.O.R.O.', 40, 0.8),
    comp: [part('guitar', '..C...C...C...C.', 64, 0.25, -0.3), part('strings', 'C---------------', 66, 0.16, 0.3, 0.45)],
    lead: lead('brass', 74, 0.25, 'mixed'),
  },
  halftime: {
    meter: 4,
    grid: 16,
    chordBars: 2,
    reverb: 0.4,
    drums: { kick: 'X......x..X.....', clap: '........X.......', hat: 'x.x.x.x.x.x.xxxx' },
    bass: part('sub', 'R-------..R-----', 36, 0.9),
    comp: [part('supersaw', 'C...C...C.C.C...', 62, 0.22, 0, 0.4), part('pad', 'C---------------', 64, 0.14, 0, 0.5)],
    lead: lead('glock', 79, 0.35, 'eighths'),
  },
  chip: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.1,
    drums: { kick: 'X.......X.......', snare: '....X.......X...', noise: 'x.x.x.x.x.x.x.x.' },
    bass: part('chip', 'R.O.R.O.R.O.R.O.', 40, 0.5),
    comp: [part('chip', 'AAAAAAAAAAAAAAAA', 64, 0.14, 0.2, 0)],
    lead: lead('chip', 76, 0.3, 'eighths', -0.1, 0.05),
  },
  retro: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.45,
    crashOnSections: true,
    drums: { kick: 'X...X...X...X...', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
    bass: part('synthBass', 'R.R.R.R.R.R.R.R.', 40, 0.75),
    comp: [part('pad', 'C---------------', 62, 0.22, 0, 0.5), part('chip', 'A.A.A.A.A.A.A.A.', 67, 0.12, 0.3, 0.4)],
    lead: lead('lead', 76, 0.25, 'mixed'),
  },
  boombap: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.25,
    swing: 0.58,
    sevenths: true,
    drums: { kick: 'X......x.xX.....', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
    bass: part('bass', 'R-.....R.R.-....', 40, 0.85),
    comp: [part('epiano', 'C.......C.......', 62, 0.3, -0.2, 0.3)],
    lead: lead('glock', 79, 0.2, 'sparse'),
  },
  lofi: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.4,
    swing: 0.6,
    sevenths: true,
    crackle: true,
    drums: { kick: 'X.....x...x.....', snare: '....X.......X...', hat: 'x.o.x.o.x.o.x.o.' },
    bass: part('bass', 'R-.......R.-....', 40, 0.75),
    comp: [part('epiano', 'C.......C.......', 62, 0.32, -0.15, 0.35)],
    lead: lead('epiano', 74, 0.22, 'sparse'),
  },
  swing: {
    meter: 4,
    grid: 12,
    chordBars: 1,
    reverb: 0.3,
    sevenths: true,
    drums: { ride: 'X..x.xX..x.x', hat: '...x.....x..', kick: 'g..g..g..g..' },
    bass: part('bass', 'R..T..F..O..', 40, 0.75),
    comp: [part('piano', '.....C....C.', 62, 0.28, -0.25)],
    lead: lead('brass', 72, 0.28, 'mixed'),
  },
  bossa: {
    meter: 4,
    grid: 16,
    chordBars: 2,
    reverb: 0.3,
    sevenths: true,
    drums: { kick: 'X..xX..xX..xX..x', rim: 'x..x..x...x..x..', shaker: 'x.o.x.o.x.o.x.o.' },
    bass: part('bass', 'R..F....R..F....', 40, 0.7),
    comp: [part('nylon', 'C..C..C...C..C..', 60, 0.3, -0.25, 0.2)],
    lead: lead('flute', 74, 0.26, 'mixed'),
  },
  latin: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.25,
    harmonicMinor: true,
    drums: { kick: 'X.....x.X.....x.', rim: 'X..X..X...X.X...', conga: '..x.xx..x.x.xx..', shaker: 'x.x.x.x.x.x.x.x.' },
    bass: part('bass', 'R.....F...R.....', 40, 0.8),
    comp: [part('piano', 'C..C..C.C..C..C.', 62, 0.28, -0.2)],
    lead: lead('brass', 74, 0.26, 'mixed'),
  },
  samba: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.25,
    drums: { kick: 'o...X...o...X...', shaker: 'XxoxXxoxXxoxXxox', rim: 'x.x.x..x.x.x..x.' },
    bass: part('bass', 'R...F...R...F...', 40, 0.8),
    comp: [part('nylon', 'C..C..C...C..C..', 60, 0.28, -0.25)],
    lead: lead('flute', 76, 0.26, 'eighths'),
  },
  tango: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.3,
    harmonicMinor: true,
    drums: { kick: 'X...x...X...x...', snare: 'g...............' },
    bass: part('bass', 'R...R...F...F...', 40, 0.8),
    comp: [part('accordion', 'C...C...C...C...', 62, 0.3, -0.2), part('pizz', 'C...C...C...C...', 55, 0.2, 0.3)],
    lead: lead('strings', 74, 0.3, 'mixed'),
  },
  reggae: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.35,
    drums: { kick: '........X.......', rim: '........X.......', hat: 'x.x.x.x.x.x.x.x.' },
    bass: part('bass', 'R..R....F.R.....', 38, 0.9),
    comp: [part('guitar', '....C.......C...', 62, 0.35, -0.3), part('organ', '..C...C...C...C.', 64, 0.12, 0.3)],
    lead: lead('lead', 74, 0.22, 'sparse'),
  },
  waltz: {
    meter: 3,
    grid: 12,
    chordBars: 1,
    reverb: 0.45,
    harmonicMinor: true,
    drums: { kick: 'x...........', rim: '....o...o...' },
    bass: part('bass', 'R-----------', 40, 0.8),
    comp: [part('piano', '....C...C...', 62, 0.3, -0.2), part('strings', 'C-----------', 67, 0.14, 0.25, 0.5)],
    lead: lead('strings', 76, 0.28, 'quarters'),
  },
  orchestral: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.55,
    crashOnSections: true,
    harmonicMinor: true,
    drums: { taiko: 'X.......X.x.....', snare: 'g.g.x.g.g.g.x.g.', tom: '..........x...x.' },
    bass: part('strings', 'R.R.R.R.R.R.R.R.', 38, 0.55),
    comp: [part('staccato', 'AAAAAAAAAAAAAAAA', 60, 0.22, -0.3, 0.3), part('brass', 'C-------C-------', 60, 0.22, 0.3, 0.45)],
    lead: lead('strings', 74, 0.3, 'quarters'),
  },
  cinematic: {
    meter: 4,
    grid: 16,
    chordBars: 2,
    reverb: 0.65,
    harmonicMinor: true,
    drums: { kick: 'X.......x.......', shaker: 'g.o.g.o.g.o.g.o.' },
    bass: part('strings', 'R---------------', 38, 0.45),
    comp: [part('piano', 'A.A.A.A.A.A.A.A.', 60, 0.3, -0.2, 0.45), part('strings', 'C---------------', 64, 0.2, 0.25, 0.6)],
    lead: lead('piano', 74, 0.3, 'sparse'),
  },
  ambient: {
    meter: 4,
    grid: 16,
    chordBars: 2,
    reverb: 0.8,
    drums: { kick: 'o.......o.......', rim: '....g.......g...', shaker: 'g.g.g.g.g.g.g.g.' },
    bass: part('sub', 'R---------------', 38, 0.5),
    comp: [part('glock', 'A.A.A.A.A.A.A.A.', 67, 0.22, 0.3, 0.6), part('pad', 'C---------------', 62, 0.3, -0.2, 0.7)],
    lead: lead('flute', 74, 0.18, 'sparse'),
  },
  comic: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.2,
    drums: { kick: 'X.......X.......', woodblock: '....x.......x...', shaker: 'o.o.o.o.o.o.o.o.' },
    bass: part('bass', 'R.......F.......', 40, 0.9),
    comp: [part('pizz', '....C.......C...', 62, 0.35, -0.2)],
    lead: lead('marimba', 76, 0.45, 'eighths'),
  },
  trot: {
    meter: 4,
    grid: 16,
    chordBars: 1,
    reverb: 0.3,
    harmonicMinor: true,
    drums: { kick: 'X.......X.......', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
    bass: part('bass', 'R...F...R...F...', 40, 0.8),
    comp: [part('organ', '..C...C...C...C.', 62, 0.22, -0.2), part('strings', 'C---------------', 66, 0.12, 0.3)],
    lead: lead('accordion', 74, 0.3, 'mixed'),
  },
  world: {
    meter: 4,
    grid: 16,
    chordBars: 2,
    reverb: 0.4,
    drums: { tom: 'X..x..x.X..x....', shaker: 'x.o.x.o.x.o.x.o.', rim: '....x.......x...' },
    bass: part('bass', 'R-------R-------', 40, 0.6),
    comp: [part('nylon', 'A.A.A.A.A.A.A.A.', 60, 0.3, -0.25, 0.3), part('pad', 'C---------------', 62, 0.12, 0.2, 0.5)],
    lead: lead('flute', 76, 0.3, 'mixed'),
  },
  fx: {
    meter: 4,
    grid: 16,
    chordBars: 2,
    reverb: 0.6,
    drums: { rim: 'x...x...x...x...', woodblock: '..o...o...o...o.', kick: 'o...............' },
    bass: part('sub', 'R---------------', 38, 0.5),
    comp: [part('pad', 'C---------------', 60, 0.3, 0, 0.6), part('bell', 'A.......A.......', 72, 0.2, 0.3, 0.6)],
    lead: lead('glock', 79, 0.15, 'sparse'),
  },
};

/** Which template plays each genre (contract codes). */
export const STYLE_OF_GENRE: Readonly<Record<number, StyleName>> = {
  101: 'comic',
  201: 'orchestral',
  202: 'orchestral',
  203: 'cinematic',
  204: 'ambient',
  205: 'orchestral',
  301: 'swing',
  302: 'swing',
  303: 'bossa',
  304: 'waltz',
  305: 'latin',
  306: 'samba',
  307: 'tango',
  308: 'reggae',
  401: 'rock',
  402: 'metal',
  403: 'funk',
  404: 'folk',
  405: 'country',
  406: 'blues',
  501: 'four',
  502: 'four',
  503: 'halftime',
  504: 'halftime',
  505: 'four',
  506: 'disco',
  507: 'halftime',
  508: 'chip',
  509: 'retro',
  510: 'four',
  601: 'boombap',
  602: 'lofi',
  603: 'lofi',
  604: 'pop',
  705: 'pop',
  701: 'ambient',
  702: 'folk',
  703: 'ballad',
  704: 'pop',
  706: 'trot',
  801: 'world',
  802: 'fx',
};
