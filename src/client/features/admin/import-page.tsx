import { PlaceholderPage } from '../../components/placeholder-page';

export default function ImportPage() {
  return (
    <PlaceholderPage
      title="Import Data"
      description="Importing orders from CSV and Excel files will appear here."
    />
  );
}
