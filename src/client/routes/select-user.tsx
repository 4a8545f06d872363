import { createFileRoute } from '@tanstack/react-router';
import { RolePickerPage } from '../features/public/role-picker-page';
import { pickerSearch } from '../lib/picker-search';

// SPEC §2.1: /select-user shows the same role picker as /user-select.

export const Route = createFileRoute('/select-user')({
  validateSearch: pickerSearch,
  component: SelectUserPage,
});

function SelectUserPage() {
  const { platform } = Route.useSearch();
  return <RolePickerPage searchPlatform={platform} path="/select-user" />;
}
