/** The drag data type a track row carries (its id); a sidebar playlist accepts drops of it. */
export const TRACK_DRAG_TYPE = 'application/x-sori-track';

/** True while what is dragged is a track (the data itself is only readable on drop). */
export function isTrackDrag(types: readonly string[]): boolean {
  return types.includes(TRACK_DRAG_TYPE);
}

/** The track id of a drop, or null when the data is not one. */
export function droppedTrackId(data: string): number | null {
  return /^\d{1,15}$/u.test(data) ? Number(data) : null;
}
