import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { CalendarDays } from 'lucide-react';
import { dayKey } from '../../../../shared/calendar';
import type { TScheduleItem } from '../../../../shared/domain/appointments';
import { formatCalendarDay } from '../../../../shared/format';
import { can } from '../../../../shared/roles';
import { CreateAppointmentDialog, type AppointmentSlot } from '../../../components/appointments/create-appointment-dialog';
import { useStaffDirectory } from '../../../components/appointments/use-conflict-check';
import { ErrorState } from '../../../components/shell/data-states';
import { Card, CardContent } from '../../../components/ui/card';
import { useIdentity } from '../../../lib/identity';
import { cn } from '../../../lib/utils';
import { floatingDayKey, floatingToIso, floatingWallClock, stepDay, visibleDays } from '../../../lib/sa-calendar-time';
import { useTRPC } from '../../../trpc';
import { AppointmentDialog } from './appointment-dialog';
import { holidaysBetween, personColumns, toCalendarEvents } from './calendar-events';
import { CalendarFilters, ColumnsPicker } from './calendar-filters';
import { CalendarToolbar } from './calendar-toolbar';
import { CalendarGrid } from './calendar-view';
import { peopleOf, type ScheduleSearch } from './schedule-search';
import { calendarQuery, calendarViewOf, isNarrowScreen } from './calendar-query';
import { useMoveAppointment } from './use-move-appointment';

// The Schedule's calendar (issue 21): day, week and month, and the front desk's day "By person";
// filtered by person, room and case; South African time on any device; holidays marked. Clicking a
// free slot books there, clicking an appointment opens it, dragging moves it (with the double-booking
// warning). The view, day and filters live in the address, so a link (a notification's) opens it.

export function ScheduleCalendar({ allItems }: { allItems: readonly TScheduleItem[] | undefined }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const search: ScheduleSearch = useSearch({ from: '/_app/schedule' });
  const navigate = useNavigate({ from: '/schedule' });
  const [narrow] = useState(isNarrowScreen);
  const { view, day } = calendarViewOf(search, narrow);
  const canManage = can(identity, 'appointments.manage');
  const { staff, nameOf } = useStaffDirectory();
  const [slot, setSlot] = useState<AppointmentSlot | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  // The time grid scrolls: a keyboard must reach it even on a day with no appointment (axe).
  useEffect(() => {
    for (const scroller of grid.current?.querySelectorAll<HTMLElement>('.rbc-time-content') ?? []) {
      scroller.tabIndex = 0;
      scroller.setAttribute('aria-label', 'Hours of the day');
      scroller.setAttribute('role', 'group');
    }
  });

  const setSearch = (patch: Partial<ScheduleSearch>) =>
    void navigate({ search: (prev: ScheduleSearch) => ({ ...prev, ...patch }), replace: true, resetScroll: false });

  const list = useQuery({
    ...calendarQuery(trpc, search, narrow),
    placeholderData: keepPreviousData,
  });
  const { move, moved, warningDialog } = useMoveAppointment(nameOf);

  const items = useMemo(() => {
    const room = search.room?.trim().toLowerCase();
    return (list.data ?? [])
      .filter((i) => !room || (i.location ?? '').toLowerCase().includes(room))
      .map((i) => (moved[i.id] ? { ...i, ...moved[i.id] } : i));
  }, [list.data, search.room, moved]);
  const events = useMemo(() => toCalendarEvents(items), [items]);
  const { first, end } = visibleDays(view, day);
  const holidays = useMemo(() => holidaysBetween(first, end), [first, end]);
  const picked = peopleOf(search);
  const columns = view === 'people' ? personColumns(picked, items, staff, identity.platform) : null;
  const rooms = useMemo(() => [...new Set((allItems ?? []).map((i) => i.location).filter((l): l is string => Boolean(l)))].sort(), [allItems]);

  // /schedule?appointmentId=<id> (a notification's link): that appointment's day, and its dialog.
  useEffect(() => {
    if (!search.appointmentId || !allItems) return;
    const found = allItems.find((i) => i.id === search.appointmentId);
    setOpenId(found ? found.id : null);
    if (found && dayKey(found.startTime) !== search.date) setSearch({ date: dayKey(found.startTime) });
  }, [search.appointmentId, allItems]);
  const opened = openId ? (items.find((i) => i.id === openId) ?? allItems?.find((i) => i.id === openId) ?? null) : null;

  return (
    <section aria-labelledby="calendar-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="calendar-heading" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarDays className="size-5 text-muted-foreground" aria-hidden="true" /> Calendar
      </h2>
      <Card>
        <CardContent className="grid min-w-0 gap-4">
          <CalendarFilters
            staff={staff}
            person={search.person}
            onPerson={(person) => setSearch({ person })}
            room={search.room}
            onRoom={(room) => setSearch({ room })}
            rooms={rooms}
            caseId={search.case}
            onCase={(picked) => setSearch({ case: picked?.id })}
            canSearchCases={can(identity, 'search.use')}
          />
          <CalendarToolbar
            view={view}
            day={day}
            onStep={(direction) => setSearch({ date: stepDay(view, day, direction) })}
            onToday={() => setSearch({ date: undefined })}
            onView={(next) => setSearch({ view: next })}
          >
            {view === 'people' && (
              <ColumnsPicker staff={staff} shown={columns ?? []} picked={picked} onChange={(ids) => setSearch({ people: ids.length > 0 ? ids.join(',') : undefined })} />
            )}
          </CalendarToolbar>
          {holidays.length > 0 && (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Public holiday{holidays.length > 1 ? 's' : ''}: {holidays.map((h) => `${h.name} (${formatCalendarDay(h.date)})`).join(', ')}
            </p>
          )}
          {list.isError ? (
            <ErrorState title="Could not load the calendar" error={list.error} onRetry={() => void list.refetch()} />
          ) : view === 'people' && columns?.length === 0 && !list.isPending ? (
            <p className="text-sm text-muted-foreground">Nobody has appointments on this day. Choose people to see their columns.</p>
          ) : (
            <div
              ref={grid}
              className={cn('min-w-0 overflow-x-auto', view === 'month' ? 'h-[42rem]' : 'h-[36rem]')}
              aria-busy={list.isFetching}
              data-testid="calendar"
            >
              <CalendarGrid
                view={view}
                day={day}
                events={events}
                columns={columns}
                holidays={holidays}
                canManage={canManage}
                onSelectEvent={(event) => setOpenId(event.id)}
                onSelectSlot={(start, finish, allDay, personId) => {
                  if (allDay) {
                    const date = floatingDayKey(start);
                    return setSlot({ startTime: `${date}T09:00`, endTime: `${date}T09:30`, attendeeId: personId });
                  }
                  setSlot({ startTime: floatingWallClock(start), endTime: floatingWallClock(finish), attendeeId: personId });
                }}
                onMove={(event, start, finish) => void move(event.item, floatingToIso(start), floatingToIso(finish))}
                minColumnWidth={view === 'people' && (columns?.length ?? 0) > 2}
              />
            </div>
          )}
        </CardContent>
      </Card>
      {canManage && <CreateAppointmentDialog slot={slot} onSlotDone={() => setSlot(null)} />}
      <AppointmentDialog
        item={opened}
        canManage={canManage}
        onClose={() => {
          setOpenId(null);
          if (search.appointmentId) setSearch({ appointmentId: undefined });
        }}
      />
      {warningDialog}
    </section>
  );
}
