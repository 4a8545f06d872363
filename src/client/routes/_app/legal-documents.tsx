import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { LegalDocumentsScreen } from '../../features/documents/legal-documents-screen';
import { ALL_CASES, documentCasesQuery, documentsQuery } from '../../features/documents/documents-queries';
import { mayViewDocuments } from '../../features/documents/may-view-documents';

export const Route = createFileRoute('/_app/legal-documents')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Every case's documents, unfiltered, as the screen opens. Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context: { queryClient, trpc, identity } }) => {
    if (!mayViewDocuments(identity)) return;
    await Promise.all([
      queryClient.ensureQueryData(documentsQuery(trpc, ALL_CASES, '')).catch(() => undefined),
      queryClient.ensureQueryData(documentCasesQuery(trpc)).catch(() => undefined),
    ]);
  },
  component: LegalDocumentsScreen,
});
