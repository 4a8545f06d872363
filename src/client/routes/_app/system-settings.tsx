import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { SystemSettingsScreen } from '../../features/system-settings/system-settings-screen';

export const Route = createFileRoute('/_app/system-settings')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: SystemSettingsScreen,
});
