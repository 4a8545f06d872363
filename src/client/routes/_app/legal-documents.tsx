import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { LegalDocumentsScreen } from '../../features/documents/legal-documents-screen';

export const Route = createFileRoute('/_app/legal-documents')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: LegalDocumentsScreen,
});
