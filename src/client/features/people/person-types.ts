import type { z } from 'zod';
import type { TPersonCase as TCase, TPersonDetail as TDetail, ZPersonAppointment, ZPersonDocument } from '../../../shared/domain/people';

// The person page's parts, named once from the shared schemas.
export type TPersonDetail = TDetail;
export type TPersonCase = TCase;
export type TPersonAppointment = z.infer<typeof ZPersonAppointment>;
export type TPersonDocument = z.infer<typeof ZPersonDocument>;
