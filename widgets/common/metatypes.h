#pragma once

// Model types carried by the widgets' signals and QVariants. Declared once, here, before any
// moc output instantiates them.
#include "model/core/types.h"

#include <QMetaType>

Q_DECLARE_METATYPE(npuscope::EventRef)
