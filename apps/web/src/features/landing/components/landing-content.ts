import { CalendarIcon, ChartIcon, FolderIcon, LayersIcon, SparklesIcon, ZapIcon } from '@/components/ui/icons';

/** The six features the landing page advertises (spec section 1). */
export const FEATURES = [
  {
    icon: SparklesIcon,
    title: 'Multi-Plattform-Veröffentlichung',
    text: 'Ein Upload, sechs Kanäle: Instagram, TikTok, YouTube, Facebook, X und Reddit – jeweils im passenden Format.',
  },
  {
    icon: CalendarIcon,
    title: 'Intelligente Planung',
    text: 'Plane Beiträge für den Moment, in dem dein Publikum online ist. Der Kalender zeigt dir jede Woche auf einen Blick.',
  },
  {
    icon: ChartIcon,
    title: 'Performance-Tracking',
    text: 'Aufrufe, Likes und Kommentare aller Plattformen in einer Übersicht. Du siehst sofort, was funktioniert.',
  },
  {
    icon: LayersIcon,
    title: 'Batch-Uploads',
    text: 'Zieh ein Dutzend Videos auf einmal hinein. Fortschritt, Dauer und Vorschaubild erscheinen automatisch.',
  },
  {
    icon: FolderIcon,
    title: 'Content-Bibliothek',
    text: 'Alle Videos mit Status, Tags und Zielplattformen – durchsuchbar, filterbar und nach Projekten getrennt.',
  },
  {
    icon: ZapIcon,
    title: 'Workflow-Automatisierung',
    text: 'Wiederkehrende Schritte laufen von selbst: Vorschaubilder, Metadaten, Veröffentlichung und Wiederholungen.',
  },
] as const;

export const FIGURES = [
  { value: '5+', label: 'Plattformen' },
  { value: '∞', label: 'Videos' },
  { value: '100%', label: 'Kontrolle' },
] as const;

export const STEPS = [
  { title: 'Hochladen', text: 'Video per Drag-and-drop hinzufügen – auch mehrere auf einmal.' },
  { title: 'Details ergänzen', text: 'Titel, Beschreibung, Tags und Zielplattformen in einem Formular.' },
  { title: 'Veröffentlichen', text: 'Sofort live gehen oder für später einplanen. Den Rest erledigen wir.' },
] as const;
