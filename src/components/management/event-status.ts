// An event's status: its badge colour and the one move offered from each status
// (planned → open → closed; a closed event may be reopened), as the server allows them.
import type { EventStatus } from '../../../contract/admin';

export const eventStatusColor = { planned: 'gray', open: 'teal', closed: 'red' } as const;

export const nextEventStatus: Record<EventStatus, EventStatus> = { planned: 'open', open: 'closed', closed: 'open' };

/** The label key of the move from `from` to `to`: open, reopen or close. */
export const eventMoveLabel = (from: EventStatus, to: EventStatus) =>
  to === 'closed' ? 'admin.eventForm.close' : from === 'closed' ? 'admin.eventForm.reopen' : 'admin.eventForm.open';
