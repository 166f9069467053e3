import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Organization, Session } from '../../client/index.js';

/** What every screen needs: who is signed in, and which organization (with its today) is shown. */
export interface Desk {
  session: Session;
  organization: Organization;
  /** Scopes decide which actions are offered; the service checks them again on every request. */
  canWrite: boolean;
  isAdmin: boolean;
}

export const DeskContext = createContext<Desk | null>(null);

export function useDesk(): Desk {
  const desk = useContext(DeskContext);
  if (!desk) throw new Error('useDesk outside the signed-in shell');
  return desk;
}
