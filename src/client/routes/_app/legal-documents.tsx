import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { LegalDocumentsPage } from '../../features/app/legal-documents-page';

export const Route = createFileRoute('/_app/legal-documents')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: LegalDocumentsPage,
});
