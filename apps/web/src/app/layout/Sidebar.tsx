import type { Playlist } from '@sori/contract';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type DragEvent, type MouseEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ROUTES, menuKey, playlistPath } from '../../lib/routes';
import { pressedControl, useAuthModal } from '../../features/auth/AuthModalContext';
import { useSession } from '../../features/auth/useSession';
import { isTrackDrag, droppedTrackId, TRACK_DRAG_TYPE } from '../../features/catalogue/track-drag';
import { useAddToPlaylistMutation, usePlaylistsQuery } from '../../features/playlists/queries';
import { failureText } from '../../lib/failure-text';
import { neighbourOf, refocusAfterDialogs } from '../../lib/modal-focus';
import { notices } from '../../lib/notices';
import { unsavedWork } from '../../lib/unsaved';
import { Icon, type IconName } from '../../components/Icon';

const NewPlaylistModal = lazy(() => import('../../features/playlists/NewPlaylistModal').then((m) => ({ default: m.NewPlaylistModal })));
const DeletePlaylistDialog = lazy(() => import('../../features/playlists/DeletePlaylistDialog'));

/**
 * The library sidebar (PRODUCT §2): library, favorite, download, new playlist, the user's playlists,
 * upload. From lg up it is a column beside the page; below that it becomes an offcanvas panel opened by
 * the bar above the page.
 */
export function Sidebar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Remembers where the panel was opened: choosing a destination on a phone closes it by itself.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const show = openAt === pathname;
  const setShow = (value: boolean) => setOpenAt(value ? pathname : null);

  return (
    <>
      <div className="sori-sidebar-bar d-lg-none">
        <Button
          variant="outline-secondary"
          size="sm"
          className="d-inline-flex align-items-center gap-2"
          onClick={() => setShow(true)}
          aria-controls="library-sidebar"
          aria-expanded={show}
          data-testid="sidebar-toggle"
        >
          <Icon name="menu" />
          {t('sidebar.open')}
        </Button>
      </div>
      <Offcanvas
        id="library-sidebar"
        show={show}
        onHide={() => setShow(false)}
        responsive="lg"
        placement="start"
        className="sori-sidebar"
        aria-labelledby="library-sidebar-title"
        data-testid="sidebar"
      >
        <Offcanvas.Header closeButton closeLabel={t('common.close')}>
          <Offcanvas.Title id="library-sidebar-title" as="h2" className="h5 m-0">
            {t('sidebar.title')}
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body className="flex-column p-0">
          <SidebarContent />
        </Offcanvas.Body>
      </Offcanvas>
    </>
  );
}

function SidebarContent() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const key = menuKey(pathname);
  const { token } = useSession();
  const { openLoginFor } = useAuthModal();
  const [creating, setCreating] = useState(false);
  const uploading = useSyncExternalStore(unsavedWork.subscribe, unsavedWork.getSnapshot).includes('uploads');

  // A visitor signs in first, and then names the new playlist.
  const handleNewPlaylist = (event: MouseEvent<HTMLElement>) => {
    if (token) setCreating(true);
    else openLoginFor(pressedControl(event.currentTarget), () => setCreating(true));
  };

  return (
    <nav aria-label={t('sidebar.title')} className="sori-sidebar-nav">
      <ul className="list-unstyled m-0">
        <SidebarLink to={ROUTES.library} icon="search" active={key === 'search'} testId="side-library">
          {t('sidebar.library')}
        </SidebarLink>
        <SidebarLink to={ROUTES.favorite} icon="heart" active={key === 'favorite'} testId="side-favorite">
          {t('sidebar.favorite')}
        </SidebarLink>
        <SidebarLink to={ROUTES.download} icon="download" active={key === 'download'} testId="side-download">
          {t('sidebar.download')}
        </SidebarLink>
      </ul>

      <div className="sori-sidebar-section">
        <div className="d-flex align-items-center justify-content-between px-3 mb-1">
          <Link
            to={ROUTES.playlists}
            className={`sori-sidebar-heading${key === 'playlist' ? ' active' : ''}`}
            aria-current={key === 'playlist' ? 'page' : undefined}
            data-testid="side-playlists"
          >
            {t('sidebar.playlists')}
          </Link>
        </div>
        <button type="button" className="sori-sidebar-link sori-sidebar-action" onClick={handleNewPlaylist} data-testid="side-new-playlist">
          <Icon name="plus" />
          <span>{t('sidebar.newPlaylist')}</span>
        </button>
        {token ? <PlaylistLinks activeKey={key} /> : <p className="sori-sidebar-note">{t('sidebar.loginForPlaylists')}</p>}
      </div>

      <ul className="list-unstyled m-0 sori-sidebar-section">
        <SidebarLink to={ROUTES.upload} icon="upload" active={key === 'upload'} testId="side-upload">
          {t('sidebar.upload')}
          {/* Files still going up while the uploader is elsewhere (the upload queue outlives its screen). */}
          {uploading ? (
            <span className="sori-sidebar-busy" data-testid="side-uploading">
              <span className="spinner-border spinner-border-sm" aria-hidden="true" />
              <span className="visually-hidden">{t('sidebar.uploading')}</span>
            </span>
          ) : null}
        </SidebarLink>
      </ul>

      {creating ? (
        <Suspense fallback={null}>
          <NewPlaylistModal show={creating} onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </nav>
  );
}

function PlaylistLinks({ activeKey }: { activeKey: string | null }) {
  const { t } = useTranslation();
  const playlists = usePlaylistsQuery();
  const [deleting, setDeleting] = useState<Playlist | null>(null);

  useEffect(() => {
    // PRODUCT §8: a sidebar load failure is only logged; the rest of the sidebar keeps working.
    if (playlists.error) console.warn('[sidebar] playlists could not be loaded', playlists.error);
  }, [playlists.error]);

  // Focus goes to the playlist that took the deleted one's place (or the one above), else 'new playlist'.
  const refocusAfterDelete = (id: number) => {
    const next = neighbourOf(playlists.data?.map((p) => p.id) ?? [], id);
    refocusAfterDialogs(
      () =>
        document.querySelector<HTMLElement>(`[data-testid="side-playlist"][data-playlist-id="${next}"] a`) ??
        document.querySelector<HTMLElement>('[data-testid="side-new-playlist"]'),
    );
  };

  if (!playlists.data) return null;
  if (playlists.data.length === 0) return <p className="sori-sidebar-note">{t('sidebar.noPlaylists')}</p>;
  return (
    <>
      <ul className="list-unstyled m-0" data-testid="side-playlist-list">
        {playlists.data.map((playlist) => (
          <SidebarPlaylist
            key={playlist.id}
            playlist={playlist}
            active={activeKey === playlistPath(playlist.id)}
            onDelete={() => setDeleting(playlist)}
          />
        ))}
      </ul>
      {deleting ? (
        <Suspense fallback={null}>
          <DeletePlaylistDialog playlist={deleting} onClose={() => setDeleting(null)} onDeleted={() => refocusAfterDelete(deleting.id)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A playlist in the sidebar (PRODUCT §2): a link to it, a delete button shown on hover or focus, and a
 * drop target for tracks dragged from a table (highlighted while one is over it).
 */
function SidebarPlaylist({ playlist, active, onDelete }: { playlist: Playlist; active: boolean; onDelete: () => void }) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const add = useAddToPlaylistMutation();
  const name = playlist.title || playlist.name;

  const handleDrop = (event: DragEvent<HTMLLIElement>) => {
    setOver(false);
    const id = droppedTrackId(event.dataTransfer.getData(TRACK_DRAG_TYPE));
    if (id === null) return;
    event.preventDefault();
    add.mutate(
      { playlistId: playlist.id, musicId: id },
      {
        onSuccess: (result) =>
          notices.show('success', t(result.added === false ? 'playlistChoose.alreadyAdded' : 'playlists.added', { name })),
        // PRODUCT §8: a failed add from the sidebar shows an alert (a full playlist says its cap).
        onError: (failure) => notices.show('danger', failureText(failure, t('playlists.errors.addTrack'))),
      },
    );
  };

  return (
    <li
      className={`sori-side-playlist${over ? ' drop-over' : ''}`}
      onDragEnter={(event) => {
        if (isTrackDrag(event.dataTransfer.types)) setOver(true);
      }}
      onDragOver={(event) => {
        if (!isTrackDrag(event.dataTransfer.types)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        if (!over) setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={handleDrop}
      data-testid="side-playlist"
      data-playlist-id={playlist.id}
    >
      <Link
        to={playlistPath(playlist.id)}
        className={`sori-sidebar-link${active ? ' active' : ''}`}
        aria-current={active ? 'page' : undefined}
        onClick={scrollToTop}
      >
        <Icon name="list" />
        <span className="text-truncate">{name}</span>
      </Link>
      <button
        type="button"
        className="sori-side-delete"
        aria-label={t('playlists.deleteNamed', { name })}
        title={t('playlists.delete')}
        onClick={onDelete}
        data-testid="side-delete"
      >
        <Icon name="trash" size={16} />
      </button>
    </li>
  );
}

/** Opening a playlist starts at the top of its first page (PRODUCT §2). */
function scrollToTop() {
  window.scrollTo({ top: 0 });
}

interface SidebarLinkProps {
  /** Route to open. */
  to: string;
  icon: IconName;
  active: boolean;
  testId?: string;
  onNavigate?: () => void;
  children: ReactNode;
}

function SidebarLink({ to, icon, active, testId, onNavigate, children }: SidebarLinkProps) {
  return (
    <li>
      <Link
        to={to}
        className={`sori-sidebar-link${active ? ' active' : ''}`}
        aria-current={active ? 'page' : undefined}
        data-testid={testId}
        onClick={onNavigate}
      >
        <Icon name={icon} />
        <span className="text-truncate">{children}</span>
      </Link>
    </li>
  );
}
