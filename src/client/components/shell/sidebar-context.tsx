import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';

// SPEC §2.8 / §9: the sidebar is 16rem wide, collapses to a 3rem icon rail, becomes an 18rem drawer
// below 768 px, toggles with Ctrl/Cmd+B and keeps its open/closed state in a cookie for 7 days.

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const MOBILE_BREAKPOINT_PX = 768;
const TOGGLE_KEY = 'b';

interface SidebarState {
  /** Desktop: expanded (true) or the icon rail (false). */
  open: boolean;
  /** Below the breakpoint: whether the drawer is showing. */
  openMobile: boolean;
  isMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return state;
}

/**
 * The stored open/closed state: from document.cookie, or — when the server renders a signed-in first
 * page (prerender.tsx, decision 0051) — from the request's Cookie header, the same value the browser
 * then reads, so the app draws the sidebar as the server painted it.
 */
const RequestCookieContext = createContext<string | null>(null);
export const RequestCookieProvider = RequestCookieContext.Provider;

function readCookie(requestCookie: string | null): boolean {
  const cookies = requestCookie ?? (typeof document === 'undefined' ? '' : document.cookie);
  const match = cookies.split(/;\s*/).find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  // No cookie yet: start expanded.
  return match ? match.slice(SIDEBAR_COOKIE.length + 1) !== 'false' : true;
}

function writeCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribeToWidth(onChange: () => void): () => void {
  const list = window.matchMedia(MOBILE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * A server render cannot know the screen: it draws the desktop frame, whose sidebar CSS hides below
 * the breakpoint (app-sidebar.tsx); a hydration would start from that answer before taking the browser's.
 */
function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeToWidth, () => window.matchMedia(MOBILE_QUERY).matches, () => false);
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const requestCookie = useContext(RequestCookieContext);
  const [open, setOpen] = useState(() => readCookie(requestCookie));
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((value) => !value);
      return;
    }
    setOpen((value) => {
      writeCookie(!value);
      return !value;
    });
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === TOGGLE_KEY && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        // Ctrl+B would otherwise open the bookmarks bar in some browsers.
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  // Leaving the mobile layout closes the drawer, so it does not pop up when the window shrinks again.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  const value = useMemo(() => ({ open, openMobile, isMobile, setOpenMobile, toggle }), [open, openMobile, isMobile, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}
