import { createFileRoute } from '@tanstack/react-router';
import { RolePickerPage } from '../features/public/role-picker-page';
import { pickerSearch } from '../lib/picker-search';

export const Route = createFileRoute('/user-select')({
  validateSearch: pickerSearch,
  component: UserSelectPage,
});

function UserSelectPage() {
  const { platform } = Route.useSearch();
  return <RolePickerPage searchPlatform={platform} path="/user-select" />;
}
