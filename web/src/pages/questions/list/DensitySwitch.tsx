import viewList from 'bootstrap-icons/icons/view-list.svg?icon';
import viewStacked from 'bootstrap-icons/icons/view-stacked.svg?icon';
import { SvgIcon } from '../../../components/icons/svg-icon';
import { useTranslation } from '../../../i18n/translator';
import { type ListDensity, chooseDensity, useListDensity } from './list-density';

// Drawn by the lists' own code: no first visit of another page downloads them.
const CHOICES: { density: ListDensity; icon: string }[] = [
  { density: 'comfortable', icon: viewStacked },
  { density: 'compact', icon: viewList },
];

/** Two toggle buttons choosing how dense the question lists are; the choice is remembered. */
export function DensitySwitch() {
  const { t } = useTranslation();
  const current = useListDensity();
  return (
    <div className="btn-group btn-group-sm" role="group" aria-label={t('question.list.density')} data-testid="density-switch">
      {CHOICES.map(({ density, icon }) => {
        const label = t(`question.list.density_${density}`);
        return (
          <button
            key={density}
            type="button"
            className={`btn btn-outline-secondary ${density === current ? 'active' : ''}`}
            aria-pressed={density === current}
            aria-label={label}
            title={label}
            data-density={density}
            onClick={() => chooseDensity(density)}
          >
            <SvgIcon shapes={icon} />
          </button>
        );
      })}
    </div>
  );
}
