import { z } from 'zod';
import {
  ZMarkNotificationReadInput,
  ZNotification,
  ZNotificationEmailPreferences,
  ZNotificationList,
  ZReadAllResult,
} from '../../../shared/domain/notifications';
import { router, tenantProcedure } from '../../trpc';
import { getEmailPreferences, listNotifications, markAllNotificationsRead, markNotificationRead, setEmailPreferences } from './notifications.service';

// Issue 21: the bell of every signed-in user (list, read, read all) and the e-mail preferences.
// No capability: every member of an organisation, Patients included, has a bell and sees only their
// own notifications. tenantProcedure keeps out a caller without an organisation (a Super Admin keeps
// the support bell; the header shows this bell only inside an organisation).

export const notificationsRouter = router({
  list: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/notifications', tags: ['notifications'], summary: "The caller's newest notifications and their unread count" } })
    .input(z.void())
    .output(ZNotificationList)
    .query(({ ctx }) => listNotifications(ctx.db, ctx.actor)),

  markRead: tenantProcedure
    .meta({ openapi: { method: 'PATCH', path: '/notifications/{id}/read', tags: ['notifications'], summary: 'Mark one of the caller\'s notifications read' } })
    .input(ZMarkNotificationReadInput)
    .output(ZNotification)
    .mutation(({ ctx, input }) => markNotificationRead(ctx.db, ctx.actor, input.id)),

  readAll: tenantProcedure
    .meta({ openapi: { method: 'POST', path: '/notifications/read-all', tags: ['notifications'], summary: "Mark all the caller's notifications read" } })
    .input(z.void())
    .output(ZReadAllResult)
    .mutation(({ ctx }) => markAllNotificationsRead(ctx.db, ctx.actor)),

  emailPreferences: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/notifications/email-preferences', tags: ['notifications'], summary: 'The notification kinds the caller also gets by e-mail' } })
    .input(z.void())
    .output(ZNotificationEmailPreferences)
    .query(({ ctx }) => getEmailPreferences(ctx.db, ctx.actor)),

  setEmailPreferences: tenantProcedure
    .meta({ openapi: { method: 'PUT', path: '/notifications/email-preferences', tags: ['notifications'], summary: 'Choose the notification kinds also sent by e-mail' } })
    .input(ZNotificationEmailPreferences)
    .output(ZNotificationEmailPreferences)
    .mutation(({ ctx, input }) => setEmailPreferences(ctx.db, ctx.actor, input)),
});
