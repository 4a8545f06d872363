import { z } from 'zod';
import { PLATFORMS } from '../platform';

export const ZPlatform = z.enum(PLATFORMS);
