import ical, { ICalEventStatus } from 'ical-generator';
import type { TAppointmentStatus } from '../../../shared/domain/appointments';
import type { FeedContents } from './calendar-feed.service';

// The feed as iCalendar text (RFC 5545), written by ical-generator. Times go out in UTC ("…Z"),
// which every calendar app converts to its own zone; X-WR-TIMEZONE tells apps that show the feed
// as a calendar of its own that it is South African time. ical-generator's own timezone() would
// write the UTC instants as local times without a VTIMEZONE, so it is not used.

const SA_TIME_ZONE = 'Africa/Johannesburg';

const STATUS: Record<TAppointmentStatus, ICalEventStatus> = {
  Scheduled: ICalEventStatus.CONFIRMED,
  'In Progress': ICalEventStatus.CONFIRMED,
  Completed: ICalEventStatus.CONFIRMED,
  Cancelled: ICalEventStatus.CANCELLED,
};

/** `host` names the server in each UID (appointment id @ host), so UIDs stay unique across servers. */
export function calendarFeedIcs(feed: FeedContents, host: string, now: Date = new Date()): string {
  const calendar = ical({
    name: `CaseBridge — ${feed.ownerName}`,
    prodId: { company: 'CaseBridge', product: 'Calendar feed', language: 'EN' },
    // Apps that honour it poll hourly.
    ttl: 3600,
  });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: SA_TIME_ZONE }]);
  for (const event of feed.events) {
    calendar.createEvent({
      id: `${event.id}@${host}`,
      start: new Date(event.startTime),
      end: new Date(event.endTime),
      summary: event.title,
      description: event.description,
      location: event.location,
      status: STATUS[event.status],
      sequence: event.version,
      lastModified: new Date(event.updatedAt),
      stamp: now,
    });
  }
  return calendar.toString();
}
